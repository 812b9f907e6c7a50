import { FACTIONS, REGIONS } from '@guildhall/contract';
import type { ReactNode } from 'react';
import { type GuildFormBinding, SelectControl, SwitchControl, TextControl } from './guild-form-controls';
import { LANGUAGE_OPTIONS, LOOT_SYSTEM_OPTIONS, regionLabel, TIMEZONE_OPTIONS } from './guild-options';

const REGION_OPTIONS = REGIONS.map((value) => ({ value, label: regionLabel(value) }));
const FACTION_OPTIONS = FACTIONS.map((value) => ({ value, label: value }));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="form-section">
      <legend className="form-section__title">{title}</legend>
      <div className="form-section__grid">{children}</div>
    </fieldset>
  );
}

/** Name, realm, region, faction, description and whether the guild is active. */
export function BasicInformationSection({ form }: { form: GuildFormBinding }) {
  return (
    <Section title="Basic Information">
      <TextControl form={form} field="guild_name" label="Guild Name" placeholder="e.g. Nightfall" isRequired />
      <TextControl form={form} field="server" label="Server" placeholder="e.g. Stormrage" isRequired />
      <SelectControl form={form} field="region" label="Region" options={REGION_OPTIONS} isRequired />
      <SelectControl form={form} field="faction" label="Faction" options={FACTION_OPTIONS} isRequired />
      <div className="form-section__wide">
        <TextControl form={form} field="description" label="Description" placeholder="What the guild is about" isMultiline />
      </div>
      <div className="form-section__wide">
        <SwitchControl
          form={form}
          field="is_active"
          label="Active"
          description="Inactive guilds keep their data but the bot ignores them."
        />
      </div>
    </Section>
  );
}

/** Size, time zone, language, loot system, raid schedule and the two public switches. */
export function GuildConfigurationSection({ form }: { form: GuildFormBinding }) {
  return (
    <Section title="Guild Configuration">
      <TextControl form={form} field="max_members" label="Max Members" type="number" hint="1 to 10,000" />
      <SelectControl form={form} field="timezone" label="Timezone" options={TIMEZONE_OPTIONS} />
      <SelectControl form={form} field="language" label="Language" options={LANGUAGE_OPTIONS} />
      <SelectControl form={form} field="loot_system" label="Loot System" options={LOOT_SYSTEM_OPTIONS} />
      <div className="form-section__wide">
        <TextControl form={form} field="raid_schedule" label="Raid Schedule" placeholder="e.g. Wed and Sun, 20:00-23:00" />
      </div>
      <SwitchControl form={form} field="public_logs" label="Public Logs" description="Anyone with the link can read raid logs." />
      <SwitchControl
        form={form}
        field="recruitment_open"
        label="Recruitment Open"
        description="Shown as recruiting to visitors."
      />
    </Section>
  );
}

/** Website, Discord invite and contact e-mail. */
export function ContactInformationSection({ form }: { form: GuildFormBinding }) {
  return (
    <Section title="Contact Information">
      <TextControl form={form} field="website" label="Website" type="url" placeholder="https://example.com" />
      <TextControl form={form} field="discord_invite" label="Discord Invite" type="url" placeholder="https://discord.gg/abc123" />
      <div className="form-section__wide">
        <TextControl
          form={form}
          field="contact_email"
          label="Contact Email"
          type="email"
          placeholder="officer@example.com"
          autoComplete="email"
        />
      </div>
    </Section>
  );
}

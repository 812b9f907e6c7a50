import type { RaidReminderChoices as Choices } from '@guildhall/contract';
import { useState } from 'react';
import { useReminderChoicesQuery, useSaveReminderChoicesMutation } from '../../api/raid-reminders';

const CHANNELS: readonly [keyof Choices, string][] = [
  ['byEmail', 'by e-mail'],
  ['byDiscord', 'by Discord'],
];

/** The member's own switches for reminders of raids they have not answered; each change is saved at once. */
export function ReminderChoices({ guildId }: { guildId: string }) {
  const query = useReminderChoicesQuery(guildId);
  const save = useSaveReminderChoicesMutation(guildId);
  // The switch moves at once (a controlled checkbox would snap back until the answer); a refusal puts it back.
  const [draft, setDraft] = useState<Choices | null>(null);
  const choices = draft ?? query.data?.choices;
  if (!choices) return null;

  function handleChange(key: keyof Choices, isOn: boolean) {
    const next = { ...choices!, [key]: isOn };
    setDraft(next);
    save.mutate(next, { onSettled: () => setDraft(null) });
  }

  return (
    <fieldset className="reminder-choices" data-testid="reminder-choices">
      <legend className="reminder-choices__legend">Remind me of raids I have not answered</legend>
      {CHANNELS.map(([key, label]) => (
        <label key={key} className="reminder-choices__choice">
          <input type="checkbox" checked={choices[key]} onChange={(event) => handleChange(key, event.target.checked)} /> {label}
        </label>
      ))}
    </fieldset>
  );
}

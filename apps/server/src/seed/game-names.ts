import type { CharacterRole, WowClass } from '@guildhall/contract';

/** Each class's specialisations with the role they play. */
export const CLASS_SPECS: Readonly<Record<WowClass, readonly [spec: string, role: CharacterRole][]>> = {
  'Death Knight': [
    ['Blood', 'tank'],
    ['Frost', 'dps'],
    ['Unholy', 'dps'],
  ],
  'Demon Hunter': [
    ['Havoc', 'dps'],
    ['Vengeance', 'tank'],
  ],
  Druid: [
    ['Balance', 'dps'],
    ['Feral', 'dps'],
    ['Guardian', 'tank'],
    ['Restoration', 'healer'],
  ],
  Evoker: [
    ['Devastation', 'dps'],
    ['Preservation', 'healer'],
    ['Augmentation', 'dps'],
  ],
  Hunter: [
    ['Beast Mastery', 'dps'],
    ['Marksmanship', 'dps'],
    ['Survival', 'dps'],
  ],
  Mage: [
    ['Arcane', 'dps'],
    ['Fire', 'dps'],
    ['Frost', 'dps'],
  ],
  Monk: [
    ['Brewmaster', 'tank'],
    ['Mistweaver', 'healer'],
    ['Windwalker', 'dps'],
  ],
  Paladin: [
    ['Holy', 'healer'],
    ['Protection', 'tank'],
    ['Retribution', 'dps'],
  ],
  Priest: [
    ['Discipline', 'healer'],
    ['Holy', 'healer'],
    ['Shadow', 'dps'],
  ],
  Rogue: [
    ['Assassination', 'dps'],
    ['Outlaw', 'dps'],
    ['Subtlety', 'dps'],
  ],
  Shaman: [
    ['Elemental', 'dps'],
    ['Enhancement', 'dps'],
    ['Restoration', 'healer'],
  ],
  Warlock: [
    ['Affliction', 'dps'],
    ['Demonology', 'dps'],
    ['Destruction', 'dps'],
  ],
  Warrior: [
    ['Arms', 'dps'],
    ['Fury', 'dps'],
    ['Protection', 'tank'],
  ],
};

/** What players tack onto a main's name for an alt: "Kaethasdk", "Morwynpriest". */
export const ALT_SUFFIXES: Readonly<Record<WowClass, readonly string[]>> = {
  'Death Knight': ['dk', 'dead'],
  'Demon Hunter': ['dh', 'havoc'],
  Druid: ['druid', 'tree', 'bear'],
  Evoker: ['evo', 'drake'],
  Hunter: ['hunt', 'shot'],
  Mage: ['mage', 'frost'],
  Monk: ['monk', 'brew'],
  Paladin: ['pala', 'holy'],
  Priest: ['priest', 'disc'],
  Rogue: ['rogue', 'stab'],
  Shaman: ['sham', 'totem'],
  Warlock: ['lock', 'demo'],
  Warrior: ['war', 'warr'],
};

/** Extra syllables for character names nobody in Discord shares. */
export const CHARACTER_MIDDLES = ['', '', '', 'a', 'e', 'i', 'o', 'ri', 'la', 'ven', 'dra'] as const;

/** A raid instance with its bosses in kill order and what drops there. */
export interface RaidInstance {
  name: string;
  bosses: readonly string[];
  loot: readonly [itemId: number, itemName: string][];
}

/** The raids of the current expansion, newest first. */
export const RAID_INSTANCES: readonly RaidInstance[] = [
  {
    name: 'Manaforge Omega',
    bosses: [
      'Plexus Sentinel',
      "Loom'ithar",
      'Soulbinder Naazindhri',
      'Forgeweaver Araz',
      'The Soul Hunters',
      'Fractillus',
      'Nexus-King Salhadaar',
      'Dimensius, the All-Devouring',
    ],
    loot: [
      [242395, 'Astral Antenna'],
      [242392, 'Diamantine Voidcore'],
      [242401, 'Brand of Ceaseless Ire'],
      [237728, 'Voidglass Kris'],
      [237734, "Oath-Breaker's Recompense"],
      [237736, 'Overclocked Plexhammer'],
      [237723, 'Collapsing Phaseblades'],
      [237729, 'Prodigious Gene Splicer'],
      [242404, 'Perfidious Projector'],
      [237730, 'Voidglass Spire'],
      [237738, 'Unbound Training Claws'],
      [242399, 'Screams of a Forgotten Sky'],
      [237735, "Voidglass Sovereign's Blade"],
      [242406, "Salhadaar's Folly"],
    ],
  },
  {
    name: 'Liberation of Undermine',
    bosses: [
      'Vexie and the Geargrinders',
      'Cauldron of Carnage',
      'Rik Reverb',
      'Stix Bunkjunker',
      'Sprocketmonger Lockenstock',
      'The One-Armed Bandit',
      "Mug'Zee, Heads of Security",
      'Chrome King Gallywix',
    ],
    loot: [
      [230027, 'House of Cards'],
      [230192, "Mug's Moxie Jug"],
      [230193, 'Jastor Diamond'],
      [230019, "Geargrinder's Spare Keys"],
      [230197, 'Eye of Kezan'],
      [230188, 'Gallagio Bottle Service'],
      [230029, 'Chromebustible Bomb Suit'],
      [235499, 'Reshii Wraps'],
      [228896, 'Best-in-Slots'],
      [228890, "Capo's Molten Knuckles"],
      [228904, 'Ratfang Toxin'],
      [228900, 'Reverb Radio'],
      [228897, "Vexie's Pit Whistle"],
      [228895, "Gallywix's Iron Thumb"],
    ],
  },
  {
    name: 'Nerub-ar Palace',
    bosses: [
      'Ulgrax the Devourer',
      'The Bloodbound Horror',
      'Sikran, Captain of the Sureki',
      "Rasha'nan",
      "Broodtwister Ovi'nax",
      "Nexus-Princess Ky'veza",
      'The Silken Court',
      'Queen Ansurek',
    ],
    loot: [
      [212449, "Sikran's Endless Arsenal"],
      [212451, 'Aberrant Spellforge'],
      [212454, "Mad Queen's Mandate"],
      [212456, "Void Reaper's Contract"],
      [220305, "Ovinax's Mercurial Egg"],
      [221023, 'Treacherous Transmitter'],
      [220202, "Spymaster's Web"],
      [212453, 'Gruesome Syringe'],
      [212405, 'Regicide'],
      [212395, "Ulgrax's Morsel-Masher"],
      [212409, 'Venom-Etched Claw'],
      [212397, "Takazj's Entropic Edict"],
    ],
  },
];

/** Raid difficulties, easiest first. */
export const DIFFICULTIES = ['Normal', 'Heroic', 'Mythic'] as const;

/** What officers put in the public guild note. */
export const GUILD_NOTES = ['Raider', 'Raider', 'Core raider', 'Trial', 'Social', 'Officer', 'Bench', 'M+ team'] as const;
/** What officers keep in the officer note. */
export const OFFICER_NOTES = [
  'Loot council',
  'Great attendance',
  'Needs enchants and gems',
  'Promote after trial',
  'Backup tank',
  'Raid leader',
  'Ask about vault choices',
] as const;

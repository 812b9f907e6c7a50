import type { CharacterRole, WowClass } from '@guildhall/contract';
import type { FilterField } from '../../ui/filter-bar';
import { ROLE_LABELS } from './character-text';
import type { DiscoveryParams } from './discovery-query';

/** The classes and roles present among the guild's unlinked characters. */
interface CharacterChoices {
  classes: readonly WowClass[];
  roles: readonly CharacterRole[];
}

/** Search over name and both notes, and the class and role filters built from the data. */
export const characterFilterFields = ({ classes, roles }: CharacterChoices): FilterField<DiscoveryParams>[] => [
  {
    kind: 'search',
    name: 'search',
    label: 'Search characters',
    placeholder: 'Name, guild note or officer note',
    testId: 'character-search',
  },
  {
    kind: 'select',
    name: 'class',
    label: 'Class',
    all: 'All classes',
    options: classes.map((name) => ({ value: name, label: name })),
    testId: 'class-filter',
  },
  {
    kind: 'select',
    name: 'role',
    label: 'Role',
    all: 'All roles',
    options: roles.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
    testId: 'role-filter',
  },
];

import { type CharacterRole, WOW_CLASSES, type WowClass } from '@guildhall/contract';
import { useId } from 'react';
import { SearchInput } from '../../ui/search-input';
import { ROLE_LABELS } from './character-text';

interface CharacterFiltersProps {
  search: string;
  characterClass: WowClass | null;
  role: CharacterRole | null;
  /** The classes and roles present among the guild's unlinked characters. */
  classes: readonly WowClass[];
  roles: readonly CharacterRole[];
  onSearch: (search: string) => void;
  onClassChange: (value: WowClass | null) => void;
  onRoleChange: (value: CharacterRole | null) => void;
}

const asClass = (value: string) => ((WOW_CLASSES as readonly string[]).includes(value) ? (value as WowClass) : null);
const asRole = (value: string) => (value in ROLE_LABELS ? (value as CharacterRole) : null);

/** Search over name and both notes, and the class and role filters built from the data. */
export function CharacterFilters(props: CharacterFiltersProps) {
  const id = useId();
  // A filter from the URL stays choosable even when no unlinked character has it any more.
  const classes =
    props.characterClass && !props.classes.includes(props.characterClass)
      ? [...props.classes, props.characterClass]
      : props.classes;
  const roles = props.role && !props.roles.includes(props.role) ? [...props.roles, props.role] : props.roles;
  return (
    <search className="filter-bar discovery-filters">
      <SearchInput
        value={props.search}
        onSearch={props.onSearch}
        label="Search characters"
        placeholder="Name, guild note or officer note"
        testId="character-search"
      />
      <label htmlFor={`${id}-class`} className="visually-hidden">
        Class
      </label>
      <select
        id={`${id}-class`}
        className="input filter-bar__select"
        value={props.characterClass ?? ''}
        onChange={(event) => props.onClassChange(asClass(event.target.value))}
        data-testid="class-filter"
      >
        <option value="">All classes</option>
        {classes.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-role`} className="visually-hidden">
        Role
      </label>
      <select
        id={`${id}-role`}
        className="input filter-bar__select"
        value={props.role ?? ''}
        onChange={(event) => props.onRoleChange(asRole(event.target.value))}
        data-testid="role-filter"
      >
        <option value="">All roles</option>
        {roles.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </select>
    </search>
  );
}

/** A role as GET /guilds/{id}/roles returns it (the fields Guildhall reads). */
export interface DiscordRole {
  id: string;
  name: string;
  /** Discord's colour integer; 0 means none. */
  color: number;
  /** Higher is listed first; @everyone is 0. */
  position: number;
  /** Discord's permission integer as a decimal string. */
  permissions: string;
  /** A bot's or integration's own role. */
  managed: boolean;
}

/** The roles of a server as Discord lists them (the @everyone role's id is the guild's id), in the fields we read. */
export function presentRoles(roles: readonly DiscordRole[]): DiscordRole[] {
  return roles.map((role) => ({
    id: String(role.id),
    name: String(role.name),
    color: Number(role.color ?? 0),
    position: Number(role.position ?? 0),
    permissions: String(role.permissions ?? '0'),
    managed: Boolean(role.managed),
  }));
}

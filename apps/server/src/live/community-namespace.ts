import fastifyCookie from '@fastify/cookie';
import {
  COMMUNITY_NAMESPACE,
  COMMUNITY_SESSION_COOKIE,
  COMMUNITY_SOCKET_MESSAGES,
  type CommunityClientEvents,
  type CommunityServerEvents,
  communityGuildRoom,
  communityHandshake,
  dataSourcesRoom,
  hasAnyGuildPermission,
  SERVER_MESSAGES,
  serviceUnavailable,
} from '@guildhall/contract';
import type { FastifyInstance } from 'fastify';
import type { Namespace, Server } from 'socket.io';
import { principalOfAccessToken, userOfSessionToken } from '../auth/community-user';
import type { UserRow } from '../auth/community-user-queries';
import { availableGuildOf } from '../auth/guild-access';
import { AppError } from '../core/app-error';
import { isForeignOrigin } from './admin-namespace';

/** What each /community socket knows: its user and the one guild it watches. */
export interface CommunitySocketData {
  userId: string;
  discordGuildId: string;
  /** The guild's tenant when the member is one of its officers (characters.manage): they hear its source syncs. */
  officerOf: string | null;
}

/** The typed /community namespace. */
export type CommunityNamespace = Namespace<
  CommunityClientEvents,
  CommunityServerEvents,
  Record<string, never>,
  CommunitySocketData
>;

/** The handshake's user: its access token when it sends one (e-mail sign-in), else the Discord session cookie. */
async function userOf(
  app: FastifyInstance,
  token: string | undefined,
  cookieHeader: string | undefined,
): Promise<UserRow | null> {
  if (token) {
    try {
      return (await principalOfAccessToken(app, token)).user;
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  }
  const sessionToken = cookieHeader ? fastifyCookie.parse(cookieHeader)[COMMUNITY_SESSION_COOKIE] : undefined;
  return sessionToken ? userOfSessionToken(app.services.db, sessionToken) : null;
}

/**
 * The community namespace: a signed-in member (access token or Discord session, as over HTTP) names one of their guilds
 * in the handshake, checked as the X-Guild-ID guard checks it (guild.view there), and joins that guild's room, where
 * the bridge pushes the guild's live changes (raid answers); its officers (characters.manage) also join the room of its
 * source syncs. A guild (or a permission) they lose later is theirs until they reconnect.
 */
export function createCommunityNamespace(io: Server, app: FastifyInstance): CommunityNamespace {
  const nsp = io.of(COMMUNITY_NAMESPACE) as unknown as CommunityNamespace;
  nsp.use(async (socket, next) => {
    if (isForeignOrigin(socket, app)) return next(new Error(SERVER_MESSAGES.foreignOrigin));
    const handshake = communityHandshake.safeParse(socket.handshake.auth);
    if (!handshake.success) return next(new Error(COMMUNITY_SOCKET_MESSAGES.guildSelectionRequired));
    try {
      const user = await userOf(app, handshake.data.token, socket.handshake.headers.cookie);
      if (!user) return next(new Error(COMMUNITY_SOCKET_MESSAGES.signInRequired));
      const { guildId } = handshake.data;
      const guild = await availableGuildOf(app.services, user.id, guildId);
      if (!guild || !hasAnyGuildPermission(guild.permissions, ['guild.view'])) {
        return next(new Error(COMMUNITY_SOCKET_MESSAGES.guildNotAvailable));
      }
      const isOfficer = guild.tenantId !== null && hasAnyGuildPermission(guild.permissions, ['characters.manage']);
      socket.data = { userId: user.id, discordGuildId: guildId, officerOf: isOfficer ? guild.tenantId : null };
      return next();
    } catch (error) {
      app.log.warn({ err: error }, 'community connection: sign-in check failed');
      return next(new Error(serviceUnavailable('PostgreSQL')));
    }
  });
  nsp.on('connection', (socket) => {
    void socket.join(communityGuildRoom(socket.data.discordGuildId));
    if (socket.data.officerOf) void socket.join(dataSourcesRoom(socket.data.officerOf));
  });
  return nsp;
}

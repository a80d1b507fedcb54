import { CreateTeamsAndAuth1763856000000 } from './1763856000000-CreateTeamsAndAuth.js';

/** Every migration, oldest first. Listed explicitly so the built app needs no file globbing. */
export const MIGRATIONS = [CreateTeamsAndAuth1763856000000];

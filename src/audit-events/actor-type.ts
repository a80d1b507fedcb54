/** Who acts in an audit event (apart from the request code, so that the dashboard can import it). */
export const ACTOR_TYPES = ['user', 'api_token', 'scim', 'system', 'anonymous', 'trigger_token'] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

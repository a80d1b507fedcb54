/** Who acts in an audit event (apart from the request code, so that the dashboard can import it). */
export type ActorType = 'user' | 'api_token' | 'scim' | 'system' | 'anonymous' | 'trigger_token';

import { ApiProperty } from '@nestjs/swagger';
import { ACTOR_TYPES, type ActorType } from '../audit-events/actor-type.js';

export class AuditEventResponse {
  @ApiProperty()
  id: string;

  @ApiProperty({ format: 'date-time' })
  occurredAt: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  teamId: string | null;

  @ApiProperty({ enum: ACTOR_TYPES })
  actorType: ActorType;

  @ApiProperty({ type: String, nullable: true })
  actorId: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'The API or trigger token the actor used' })
  actorTokenId: string | null;

  @ApiProperty({ example: 'workflow.created' })
  action: string;

  @ApiProperty({ type: String, nullable: true, example: 'workflow' })
  targetType: string | null;

  @ApiProperty({ type: String, nullable: true })
  targetId: string | null;

  @ApiProperty({ type: String, nullable: true })
  ip: string | null;

  @ApiProperty({ type: String, nullable: true })
  userAgent: string | null;

  @ApiProperty({ type: String, nullable: true })
  requestId: string | null;

  @ApiProperty({ type: 'object', additionalProperties: true, description: 'What changed, as the action records it' })
  changes: Record<string, unknown>;

  @ApiProperty({ type: String, nullable: true, description: "The previous event's hash (the chain)" })
  prevHash: string | null;

  @ApiProperty()
  hash: string;
}

export class AuditPageResponse {
  @ApiProperty({ type: [AuditEventResponse], description: 'Newest first' })
  items: AuditEventResponse[];

  /** Pass as `cursor` for the next (older) page; null on the last. */
  @ApiProperty({ type: String, nullable: true, description: 'Pass as cursor for the next (older) page; null on the last' })
  nextCursor: string | null;
}

import { ApiProperty } from '@nestjs/swagger';

/** A trigger token as listed: never its secret. */
export class TriggerTokenResponse {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ format: 'uuid' })
  workflowId: string;

  @ApiProperty({ example: 'CRM webhook' })
  name: string;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastUsedAt: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  revokedAt: string | null;
}

/** A new trigger token: the secret is shown this once. */
export class CreatedTriggerTokenResponse extends TriggerTokenResponse {
  @ApiProperty({ description: 'The secret for `Authorization: Bearer` on the trigger route, shown this once' })
  token: string;
}

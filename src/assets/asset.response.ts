import { ApiProperty } from '@nestjs/swagger';
import { ASSET_TYPES, type AssetType } from './asset-types.js';

/** SPEC §2 Asset. */
export class AssetResponse {
  @ApiProperty({ type: 'integer' })
  id: number;

  @ApiProperty({ format: 'uuid' })
  teamId: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  conversationId: string | null;

  @ApiProperty({ type: 'integer', nullable: true })
  runId: number | null;

  @ApiProperty({ enum: ASSET_TYPES })
  type: AssetType;

  @ApiProperty()
  title: string;

  @ApiProperty()
  content: string;

  @ApiProperty({ type: 'object', additionalProperties: true, description: "The type's own fields (an image's URL, a receipt's lines, …)" })
  metadata: Record<string, unknown>;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the workflow step that made it was rejected; null if it never was' })
  rejectedAt: string | null;
}

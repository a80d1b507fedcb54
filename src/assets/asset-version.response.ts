import { ApiProperty } from '@nestjs/swagger';

/** One text of an asset: version 1 is the original, the highest the one the asset shows. */
export class AssetVersionResponse {
  @ApiProperty({ type: 'integer', minimum: 1 })
  version: number;

  @ApiProperty()
  content: string;

  @ApiProperty({ type: String, nullable: true, description: "The approver who edited it; null for the original" })
  editedBy: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}

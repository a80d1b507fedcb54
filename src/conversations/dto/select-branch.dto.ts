import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';

/** POST /api/assistant/conversations/:id/branches: which version to show. */
export class SelectBranchDto {
  @ApiProperty({ description: 'A version id from GET …/branches', example: '1234' })
  @Matches(/^[1-9][0-9]{0,17}$/, { message: 'version must be a version id from GET …/branches' })
  version: string;
}

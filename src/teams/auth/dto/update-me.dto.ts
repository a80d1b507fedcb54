import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';

/** The caller's own settings that PATCH /api/auth/me changes. */
export class UpdateMeDto {
  @ApiProperty({ description: 'Whether to get the daily mail listing the approvals waiting for you' })
  @IsBoolean()
  approvalDigest: boolean;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, IsTimeZone, MaxLength } from 'class-validator';
import { IsCronExpression } from '../../workflow-rules/is-cron-expression.decorator.js';

import { GOAL_MAX_LENGTH } from '../../workflow-rules/workflow-limits.js';
export const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Longer than any IANA zone name (the longest, America/Argentina/ComodRivadavia, has 32). */
export const TIMEZONE_MAX_LENGTH = 64;

export class CreateWorkflowDto {
  @ApiProperty({ example: 'Every Monday, outline a LinkedIn post about our week, write it, and publish it after review.', maxLength: GOAL_MAX_LENGTH })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'goal must not be blank' })
  @MaxLength(GOAL_MAX_LENGTH)
  goal: string;

  @ApiPropertyOptional({ example: '0 9 * * 1', description: 'Cron expression: 5 fields, or 6 with seconds first', maxLength: 100 })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(100)
  @IsCronExpression()
  schedule?: string;

  @ApiPropertyOptional({ example: 'Europe/Lisbon', description: 'IANA time zone of the schedule (default UTC)', maxLength: TIMEZONE_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(TIMEZONE_MAX_LENGTH)
  @IsTimeZone({ message: 'timezone must be an IANA time zone such as Europe/Lisbon' })
  timezone?: string;
}

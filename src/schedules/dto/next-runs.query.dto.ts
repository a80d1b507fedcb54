import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { toInteger } from '../../http/query-integer.js';

export const NEXT_RUNS_DEFAULT = 5;
export const NEXT_RUNS_MAX = 50;

export class NextRunsQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: NEXT_RUNS_MAX, default: NEXT_RUNS_DEFAULT, description: 'How many upcoming run times to list' })
  @IsOptional()
  @Transform(toInteger)
  @IsInt({ message: 'count must be a whole number' })
  @Min(1)
  @Max(NEXT_RUNS_MAX)
  count: number = NEXT_RUNS_DEFAULT;
}

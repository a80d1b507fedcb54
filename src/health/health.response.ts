import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** What answered: each dependency a probe checked is `up` (a failure answers 503 instead). */
export class HealthResponse {
  @ApiProperty({ enum: ['ok'] })
  status: 'ok';

  @ApiPropertyOptional({ enum: ['up'], description: 'The database (every check but liveness)' })
  database?: 'up';

  @ApiPropertyOptional({ enum: ['up'], description: 'The local disk under DATA_DIR or the S3 bucket (every check but liveness)' })
  storage?: 'up';

  @ApiPropertyOptional({ enum: ['up'], description: 'Redis, only with REDIS_URL' })
  redis?: 'up';

  @ApiPropertyOptional({ enum: ['up'], description: "The job queue's pool (readiness only)" })
  queue?: 'up';
}

/** A dependency a probe checks, by the name its report gives it. */
export type Dependency = Exclude<keyof HealthResponse, 'status'>;

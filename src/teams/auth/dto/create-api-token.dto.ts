import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { TOKEN_SCOPES, type TokenScope } from '../../entities/session.entity.js';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export class CreateApiTokenDto {
  @ApiProperty({ example: 'CI pipeline' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name: string;

  /** At most API_TOKEN_MAX_DAYS (checked by the service, which knows it); 3650 bounds it for any setting. */
  @ApiPropertyOptional({ description: 'Days until the token expires (default API_TOKEN_DEFAULT_DAYS, at most API_TOKEN_MAX_DAYS)', example: 90 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(3650)
  expiresInDays?: number;

  @ApiPropertyOptional({ enum: TOKEN_SCOPES, description: '`read`: GET routes only (default `read-write`)' })
  @IsOptional()
  @IsIn(TOKEN_SCOPES, { message: `scope must be one of: ${TOKEN_SCOPES.join(', ')}` })
  scope?: TokenScope;
}

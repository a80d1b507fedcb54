import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** The token from a verification link; in the body, so that it never appears in a request log. */
export class VerifyEmailDto {
  @ApiProperty({ description: 'The token from the verification link (after #token=)' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  token: string;
}

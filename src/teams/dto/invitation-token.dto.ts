import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** The token from an invitation link; sent in the body so that it never appears in a request log. */
export class InvitationTokenDto {
  @ApiProperty({ description: 'The token from the invitation link (after #token=)' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(2000)
  token: string;
}

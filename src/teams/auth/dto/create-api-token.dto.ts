import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class CreateApiTokenDto {
  @ApiProperty({ example: 'CI pipeline' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name: string;
}

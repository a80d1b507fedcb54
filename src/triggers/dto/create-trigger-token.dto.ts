import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class CreateTriggerTokenDto {
  @ApiProperty({ example: 'Signup form' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name: string;
}

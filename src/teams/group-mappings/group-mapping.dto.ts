import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, Length, Matches } from 'class-validator';
import { ROLES, type Role } from '../entities/membership.entity.js';

export class CreateGroupMappingDto {
  @ApiProperty({ description: "The identity provider's group name, exactly as it sends it", minLength: 1, maxLength: 256 })
  @IsString()
  @Length(1, 256)
  @Matches(/^\S(.*\S)?$/, { message: 'groupName must not start or end with spaces' })
  groupName: string;

  @ApiProperty({ enum: ROLES })
  @IsIn(ROLES, { message: `role must be one of: ${ROLES.join(', ')}` })
  role: Role;
}

export class GroupMappingResponse {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'engineering' })
  groupName: string;

  @ApiProperty({ enum: ROLES })
  role: Role;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}

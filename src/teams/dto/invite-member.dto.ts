import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, Matches, MaxLength } from 'class-validator';
import { SINGLE_ADDRESS } from '../../mail/mail.service.js';
import { ROLES, type Role } from '../entities/membership.entity.js';

/** An invitation (POST /api/teams/:id/members and /invitations): nobody is added without accepting. */
export class InviteMemberDto {
  @ApiProperty({ example: 'grace@example.com' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsEmail({}, { message: 'email must be a valid email address' })
  // Quoted local parts (`"a,b"@x`) are valid syntax but no address the invitation can be mailed to.
  @Matches(SINGLE_ADDRESS, { message: 'email must be a single mailbox, without quotes, commas or spaces' })
  @MaxLength(254)
  email: string;

  @ApiProperty({ enum: ROLES })
  @IsIn(ROLES, { message: `role must be one of: ${ROLES.join(', ')}` })
  role: Role;
}

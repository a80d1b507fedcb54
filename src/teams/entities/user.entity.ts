import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('users')
export class User {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Stored lower-cased; unique. */
  @Column()
  email: string;

  @Column()
  name: string;

  /** Null for an account made by single sign-on, which signs in only there. */
  @Column({ name: 'password_hash', type: 'text', nullable: true, select: false })
  passwordHash: string | null;

  /** When the address was confirmed through a mailed link; null until then. */
  @Column({ name: 'email_verified_at', type: 'timestamptz', nullable: true })
  emailVerifiedAt: Date | null;

  /** SHA-256 (hex) of the outstanding verification link's token; null once used. */
  @Column({ name: 'email_verification_token_hash', type: 'text', nullable: true, select: false })
  emailVerificationTokenHash: string | null;

  @Column({ name: 'email_verification_expires_at', type: 'timestamptz', nullable: true, select: false })
  emailVerificationExpiresAt: Date | null;

  /** When the last verification link was mailed: resends wait a minute after it. */
  @Column({ name: 'email_verification_sent_at', type: 'timestamptz', nullable: true, select: false })
  emailVerificationSentAt: Date | null;

  /** When the owner was last told that someone tried to register their address. */
  @Column({ name: 'signup_notice_sent_at', type: 'timestamptz', nullable: true, select: false })
  signupNoticeSentAt: Date | null;

  /** SHA-256 (hex) of the outstanding password reset link's token; null once used or replaced by a password change. */
  @Column({ name: 'password_reset_token_hash', type: 'text', nullable: true, select: false })
  passwordResetTokenHash: string | null;

  @Column({ name: 'password_reset_expires_at', type: 'timestamptz', nullable: true, select: false })
  passwordResetExpiresAt: Date | null;

  /** When the last password reset link was mailed: the next waits the mail interval. */
  @Column({ name: 'password_reset_sent_at', type: 'timestamptz', nullable: true, select: false })
  passwordResetSentAt: Date | null;

  /** Set when the identity provider deactivates the account (SCIM): no sign-in, session, token or approval link acts. */
  @Column({ name: 'deactivated_at', type: 'timestamptz', nullable: true })
  deactivatedAt: Date | null;

  /** The identity provider's own id for the user (SCIM externalId). */
  @Column({ name: 'scim_external_id', type: 'text', nullable: true })
  scimExternalId: string | null;

  /** Whether the person gets the daily digest of the approvals waiting for them (their opt-out). */
  @Column({ name: 'approval_digest', type: 'boolean', default: true })
  approvalDigest: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

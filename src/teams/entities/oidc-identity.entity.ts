import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A user's account at the deployment's OpenID provider: (issuer, subject) names it for good, whatever its email becomes. */
@Entity('oidc_identities')
export class OidcIdentity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'text' })
  issuer: string;

  @Column({ type: 'text' })
  subject: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'last_sign_in_at', type: 'timestamptz' })
  lastSignInAt: Date;
}

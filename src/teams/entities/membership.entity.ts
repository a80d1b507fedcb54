import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export const ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** How a membership came: by hand (invitation, team creation) or from the identity provider's groups. */
export type MembershipSource = 'manual' | 'group';

@Entity('memberships')
export class Membership {
  @PrimaryColumn({ name: 'team_id', type: 'uuid' })
  teamId: string;

  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'text' })
  role: Role;

  /** Group sync changes and removes only memberships it made. */
  @Column({ type: 'text', default: 'manual' })
  source: MembershipSource;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

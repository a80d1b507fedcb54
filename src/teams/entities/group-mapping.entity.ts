import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Role } from './membership.entity.js';

/** An identity provider's group name that makes its members members of a team, with a role. */
@Entity('group_mappings')
export class GroupMapping {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'team_id', type: 'uuid' })
  teamId: string;

  /** As the identity provider sends it (SSO groups claim, SCIM group displayName); compared exactly. */
  @Column({ name: 'group_name', type: 'text' })
  groupName: string;

  @Column({ type: 'text' })
  role: Role;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

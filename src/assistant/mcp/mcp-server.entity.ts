import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A remote MCP server a team registered; McpServersService alone reads and writes it. */
@Entity('mcp_servers')
export class McpServer {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'team_id', type: 'uuid' })
  teamId: string;

  /** Lower-case letters, digits and underscores: it prefixes the server's tool names (`mcp_<name>__<tool>`). */
  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  url: string;

  /** The names of the headers sent to the server, in the clear to show them masked. */
  @Column({ name: 'header_names', type: 'text', array: true })
  headerNames: string[];

  /** The headers' values (a bearer token as `Authorization`), sealed with SECRETS_ENCRYPTION_KEY; null: none. */
  @Column({ name: 'sealed_headers', type: 'text', nullable: true })
  sealedHeaders: string | null;

  /** The server's tools the agents may use; null: all it offers. */
  @Column({ name: 'allowed_tools', type: 'text', array: true, nullable: true })
  allowedTools: string[] | null;

  /** The agents that get its tools; null: every agent. */
  @Column({ name: 'agent_ids', type: 'text', array: true, nullable: true })
  agentIds: string[] | null;

  /** Tools that must be approved before each call: a chat asks the user, where nobody can be asked the call is refused. */
  @Column({ name: 'approval_tools', type: 'text', array: true })
  approvalTools: string[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

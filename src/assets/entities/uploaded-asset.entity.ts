import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { ClientAccountEntity } from '../../clients';

/** Why an image was uploaded: a customer's artwork, or a catalog layer image of a product. */
export enum AssetPurpose {
  Artwork = 'artwork',
  Catalog = 'catalog',
}

/** The table of uploaded assets, for the SQL of other modules (they import it, not write it). */
export const UPLOADED_ASSET_TABLE = 'uploaded_asset';

/**
 * One upload of an image by a client. The bytes live in the blob store under `blobKey`, keyed by
 * client and content: the same image uploaded twice by one client is stored once, while each
 * upload keeps its own row (its own id, file name, organization and reference).
 */
@Entity({ name: UPLOADED_ASSET_TABLE })
@Index('IDX_uploaded_asset_organization', ['clientId', 'organizationIdentifier', 'createdAt'])
export class UploadedAssetEntity {
  /** The integer id callers see (int32). */
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id: number;

  @Column({ name: 'client_id', type: 'uuid' })
  clientId: string;

  @ManyToOne(() => ClientAccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'client_id' })
  client?: ClientAccountEntity;

  @Column({ name: 'blob_key', type: 'varchar', length: 120 })
  blobKey: string;

  /** Hex SHA-256 of the stored (normalised) bytes. */
  @Column({ type: 'char', length: 64 })
  sha256: string;

  @Column({ name: 'mime_type', type: 'varchar', length: 40 })
  mimeType: string;

  @Column({ type: 'int' })
  width: number;

  @Column({ type: 'int' })
  height: number;

  /** Size of the stored bytes. */
  @Column({ type: 'int' })
  bytes: number;

  @Column({ name: 'user_facing_file_name', type: 'varchar', length: 255, nullable: true })
  userFacingFileName: string | null;

  @Column({ name: 'organization_identifier', type: 'varchar', length: 200, nullable: true })
  organizationIdentifier: string | null;

  @Column({ name: 'client_account_reference', type: 'varchar', length: 200, nullable: true })
  clientAccountReference: string | null;

  @Column({ type: 'varchar', length: 16, default: AssetPurpose.Artwork })
  purpose: AssetPurpose;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

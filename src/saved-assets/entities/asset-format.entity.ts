import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { ClientAccountEntity } from '../../clients';

/**
 * A file format production outputs come in (PNG, PDF, DST…). The common print and embroidery
 * formats are seeded by the migration for every client (`client_id` null); a format of one
 * client only would carry its id. Outputs name a format by extension or MIME type.
 */
@Entity({ name: 'asset_format' })
@Unique('UQ_asset_format_extension', ['extension'])
export class AssetFormatEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id: number;

  /** Lower case, without the dot: `png`, `dst`. */
  @Column({ type: 'varchar', length: 16 })
  extension: string;

  @Column({ name: 'mime_type', type: 'varchar', length: 100 })
  mimeType: string;

  @Column({ name: 'client_id', type: 'uuid', nullable: true })
  clientId: string | null;

  @ManyToOne(() => ClientAccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'client_id' })
  client?: ClientAccountEntity;

  /** A working format that machines or printers do not take as it is (EMB, EPS). */
  @Column({ name: 'requires_conversion', type: 'boolean', default: false })
  requiresConversion: boolean;

  @Column({ name: 'is_image', type: 'boolean', default: false })
  isImage: boolean;

  @Column({ name: 'is_raster', type: 'boolean', default: false })
  isRaster: boolean;

  /** What a format that requires conversion is converted to (EMB → DST, EPS → PDF). */
  @Column({ name: 'conversion_asset_format_id', type: 'int', nullable: true })
  conversionAssetFormatId: number | null;

  @ManyToOne(() => AssetFormatEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'conversion_asset_format_id' })
  conversionAssetFormat?: AssetFormatEntity | null;

  @Column({ type: 'varchar', length: 100 })
  name: string;
}

import { AssetsService } from '../assets';
import { demoArtwork } from '../catalog';
import { SavedAssetsService } from '../saved-assets';
import { demoActor } from './demo-actor';

/** The organization the demo library belongs to. */
export const DEMO_ORGANIZATION = 'DEMO-ORG';

const PROVIDER = 'https://provider.example.com/jobs';

/**
 * A small artwork library for the demo client, so that the saved-asset routes show data in
 * Swagger: an asset with a completed embroidery job (result and outputs), one with a print job
 * still submitted, and one without jobs. Written through the services, as an Admin would.
 * Returns how many saved assets it made.
 */
export async function seedDemoLibrary(
  client: { id: string; handle: string },
  assets: AssetsService,
  saved: SavedAssetsService,
): Promise<number> {
  const actor = demoActor(client);
  let count = 0;
  const save = async (name: string) => {
    count++;
    const upload = await assets.upload(
      client.id,
      { bytes: await demoArtwork(), fileName: name },
      { organizationIdentifier: DEMO_ORGANIZATION, clientAccountReference: 'DEMO-CUSTOMER' },
    );
    return saved.save(actor, {
      uploadedAssetId: upload.id,
      organizationIdentifier: DEMO_ORGANIZATION,
      clientAccountReference: 'DEMO-CUSTOMER',
      userFacingFileName: name,
    });
  };
  const crest = await save('team-crest.png');
  const job = await saved.addJob(actor, crest.id!, {
    providerHandle: 'demo-digitizing',
    reference: 'DEMO-JOB-1',
    placement: 'Left Chest',
    placementWidth: { value: '3.50n', type: 'Big Number' },
    placementHeight: { value: '2.10n', type: 'Big Number' },
    productColor: 'Navy',
    embellishmentType: 'Embroidery',
    workFlowType: 'Standard',
  });
  await saved.updateJob(actor, job.id, {
    status: 'Completed',
    dstUri: `${PROVIDER}/demo-1/design.dst`,
    result: {
      threadCount: 12840,
      actualWidth: { value: '3.48n', type: 'Big Number' },
      actualHeight: { value: '2.07n', type: 'Big Number' },
      outputs: [
        { uri: `${PROVIDER}/demo-1/design.dst` },
        { uri: `${PROVIDER}/demo-1/design.emb` },
        { uri: `${PROVIDER}/demo-1/preview.png` },
      ],
    },
  });
  const logo = await save('event-logo.png');
  await saved.addJob(actor, logo.id!, {
    providerHandle: 'demo-print',
    embellishmentType: 'Print',
    placement: 'Front',
    placementWidth: { value: '10.00n', type: 'Big Number' },
    placementHeight: { value: '8.00n', type: 'Big Number' },
  });
  await save('mascot.png');
  return count;
}

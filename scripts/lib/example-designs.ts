/** The designs of the documentation's example renders and print files (scripts/*-examples.ts). */
import type { Design } from '../../src/recipe-sets';

/** The id the examples give the demo artwork (their sources answer it for any id). */
export const ARTWORK_ID = 1;

export const teeDesign: Design = {
  front: {
    elements: [
      {
        type: 'text',
        text: 'Team Rocket',
        font: 'roboto-bold',
        size: 110,
        colour: '#ffca28',
        x: 150,
        y: 120,
        rotation: 0,
        align: 'center',
      },
    ],
  },
  back: {
    elements: [
      {
        type: 'image',
        uploadedAssetId: ARTWORK_ID,
        x: 50,
        y: 60,
        width: 200,
        height: 200,
        rotation: 0,
      },
    ],
  },
};

export const bottleDesign: Design = {
  wrap: {
    background: '#fff8e1',
    elements: [
      // Centred on the part of the wrap the northeast view faces (137.5 mm of 220 mm).
      {
        type: 'image',
        uploadedAssetId: ARTWORK_ID,
        x: 107.5,
        y: 8,
        width: 60,
        height: 60,
        rotation: 0,
      },
      {
        type: 'text',
        text: 'Team Rocket',
        font: 'pacifico',
        size: 28,
        colour: '#c62828',
        x: 137.5,
        y: 85,
        rotation: 0,
        align: 'center',
      },
    ],
  },
};

/**
 * The design example of the OpenAPI document (create and replace bodies): text on the front, an
 * upload on the back.
 */
export const DESIGN_EXAMPLE = {
  front: {
    elements: [
      {
        type: 'text',
        text: 'Team Rocket',
        font: 'roboto-bold',
        size: 48,
        colour: '#d62828',
        x: 150,
        y: 80,
        align: 'center',
      },
    ],
  },
  back: {
    elements: [{ type: 'image', uploadedAssetId: 1, x: 100, y: 120, width: 100, height: 100 }],
  },
};

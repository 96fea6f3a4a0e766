import Ajv from 'ajv';
import { expressNullableReferences } from './nullable-references';

const ADDRESS = {
  type: 'object',
  properties: { city: { type: 'string' } },
  required: ['city'],
};

/** A document with one nullable reference, as the Swagger plugin writes `AddressDto | null`. */
function pluginDocument() {
  return {
    components: {
      schemas: {
        Address: structuredClone(ADDRESS),
        Order: {
          type: 'object',
          properties: {
            shippingAddress: {
              nullable: true,
              description: 'Where it goes.',
              type: 'object',
              allOf: [{ $ref: '#/components/schemas/Address' }],
            },
          },
          required: ['shippingAddress'],
        },
      },
    },
  };
}

describe('expressNullableReferences', () => {
  it('rewrites nullable beside allOf [$ref] as anyOf [$ref, null only], keeping the description', () => {
    const doc = pluginDocument();
    expressNullableReferences(doc);
    expect(doc.components.schemas.Order.properties.shippingAddress).toEqual({
      description: 'Where it goes.',
      anyOf: [
        { $ref: '#/components/schemas/Address' },
        { type: 'object', nullable: true, enum: [null] },
      ],
    });
  });

  it('makes null valid for Ajv (nullable read beside type), keeping the referenced rules', () => {
    const compile = (components: object) =>
      new Ajv({ strict: false }).compile({ $ref: '#/components/schemas/Order', components });
    const doc = pluginDocument();
    expect(compile(structuredClone(doc.components))({ shippingAddress: null })).toBe(false);

    expressNullableReferences(doc);
    const validate = compile(doc.components);
    expect(validate({ shippingAddress: null })).toBe(true);
    expect(validate({ shippingAddress: { city: 'Berlin' } })).toBe(true);
    expect(validate({ shippingAddress: { city: 7 } })).toBe(false);
    expect(validate({ shippingAddress: 'Berlin' })).toBe(false);
    expect(validate({ shippingAddress: {} })).toBe(false);
  });

  it('rewrites a nullable $ref with siblings, and keeps several allOf parts together', () => {
    const node = {
      items: { nullable: true, $ref: '#/components/schemas/A', readOnly: true },
      other: { nullable: true, allOf: [{ $ref: '#/components/schemas/A' }, { required: ['x'] }] },
    };
    expressNullableReferences(node);
    expect(node).toEqual({
      items: {
        readOnly: true,
        anyOf: [
          { $ref: '#/components/schemas/A' },
          { type: 'object', nullable: true, enum: [null] },
        ],
      },
      other: {
        anyOf: [
          { allOf: [{ $ref: '#/components/schemas/A' }, { required: ['x'] }] },
          { type: 'object', nullable: true, enum: [null] },
        ],
      },
    });
  });

  it('adds the null alternative to nullable alternatives with a reference among them, once', () => {
    const node = {
      nullable: true,
      oneOf: [{ $ref: '#/components/schemas/A' }, { type: 'string' }],
    };
    expressNullableReferences(node);
    expect(node).toEqual({
      oneOf: [
        { $ref: '#/components/schemas/A' },
        { type: 'string' },
        { type: 'object', nullable: true, enum: [null] },
      ],
    });
    const already = {
      nullable: true,
      anyOf: [{ $ref: '#/x' }, { type: 'string', nullable: true }],
    };
    expressNullableReferences(already);
    expect(already).toEqual({ anyOf: [{ $ref: '#/x' }, { type: 'string', nullable: true }] });
  });

  it('leaves typed nullable schemas, typed alternatives and non-nullable references alone', () => {
    const node = {
      a: { type: 'string', nullable: true },
      b: { nullable: true, anyOf: [{ type: 'string' }, { type: 'number' }] },
      c: { allOf: [{ $ref: '#/components/schemas/A' }] },
      d: { type: 'object', nullable: true, properties: { nullable: { type: 'boolean' } } },
    };
    const before = structuredClone(node);
    expressNullableReferences(node);
    expect(node).toEqual(before);
  });

  it('rewrites nested schemas (array items, properties of properties)', () => {
    const node = {
      type: 'array',
      items: {
        type: 'object',
        properties: { inner: { nullable: true, allOf: [{ $ref: '#/components/schemas/A' }] } },
      },
    };
    expressNullableReferences(node);
    expect(node.items.properties.inner).toEqual({
      anyOf: [{ $ref: '#/components/schemas/A' }, { type: 'object', nullable: true, enum: [null] }],
    });
  });
});

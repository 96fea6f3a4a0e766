import { DeliverySlots } from './delivery-slots';

describe('DeliverySlots', () => {
  const live = (endpointId: string, clientId: string) => ({ endpointId, clientId, sandbox: false });

  it('answers the room left per endpoint, per client and for sandbox clients, and frees it', () => {
    const slots = new DeliverySlots({ total: 10, perEndpoint: 4, perClient: 6, sandbox: 3 });
    slots.add(live('e1', 'a'), 4);
    slots.add(live('e2', 'a'), 2);
    slots.add({ endpointId: 'e3', clientId: 's', sandbox: true }, 2);
    expect(slots.free).toBe(2);
    expect(slots.endpointRoom()).toEqual(
      new Map([
        ['e1', 0],
        ['e2', 2],
        ['e3', 2],
      ]),
    );
    expect(slots.clientRoom()).toEqual(
      new Map([
        ['a', 0],
        ['s', 4],
      ]),
    );
    expect(slots.sandboxRoom()).toBe(1);

    slots.add(live('e1', 'a'), -4);
    slots.add({ endpointId: 'e3', clientId: 's', sandbox: true }, -2);
    expect(slots.free).toBe(8);
    expect(slots.endpointRoom()).toEqual(new Map([['e2', 2]]));
    expect(slots.clientRoom()).toEqual(new Map([['a', 4]]));
    expect(slots.sandboxRoom()).toBe(3);
  });
});

import Fastify from 'fastify';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { jsonObjectText, rawJsonArray, sendJsonText } from '../src/core/json-text.ts';

/** A response written as text (decision 030): passed on as it is, checked against its schema outside production. */
describe('responses written as text', () => {
  const Item = z.object({ id: z.number(), name: z.string(), note: z.string().nullable() });
  const Body = z.object({ items: z.array(Item), total: z.number() });
  const answer = async (items: string[], check: boolean) => {
    const app = Fastify();
    app.get('/', async (_request, reply) =>
      sendJsonText(reply, Body, jsonObjectText({ items: rawJsonArray(items), total: items.length }), { check }),
    );
    const response = await app.inject({ method: 'GET', url: '/' });
    await app.close();
    return response;
  };

  it('sends the texts as they are, inside the JSON the server writes around them', async () => {
    const response = await answer(['{"id":1,"name":"Ann \\"the\\" \\u2028 Smith","note":null}', '{"id" : 2, "name" : "Émile", "note" : "x"}'], true);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.body).toBe(
      '{"items":[{"id":1,"name":"Ann \\"the\\" \\u2028 Smith","note":null},{"id" : 2, "name" : "Émile", "note" : "x"}],"total":2}',
    );
    expect(response.json()).toEqual({
      items: [
        { id: 1, name: 'Ann "the" \u2028 Smith', note: null },
        { id: 2, name: 'Émile', note: 'x' },
      ],
      total: 2,
    });
    expect((await answer([], true)).json()).toEqual({ items: [], total: 0 });
  });

  for (const [what, item] of [
    ['a field added', '{"id":1,"name":"Ann","note":null,"email":"ann@example.org"}'],
    ['a field missing', '{"id":1,"name":"Ann"}'],
    ['a field of another type', '{"id":"1","name":"Ann","note":null}'],
  ] as const) {
    it(`refuses ${what} when checking, and names the place, not the data`, async () => {
      const app = Fastify();
      let thrown: unknown = null;
      app.get('/', async (_request, reply) => {
        try {
          return sendJsonText(reply, Body, jsonObjectText({ items: rawJsonArray([item]), total: 1 }), { check: true });
        } catch (error) {
          thrown = error;
          throw error;
        }
      });
      const response = await app.inject({ method: 'GET', url: '/' });
      await app.close();
      expect(response.statusCode).toBe(500);
      expect(String(thrown)).not.toContain('Ann');
      expect(String(thrown)).not.toContain('ann@example.org');
      // Unchecked (production), the text goes out as the database wrote it.
      expect((await answer([item], false)).statusCode).toBe(200);
    });
  }
});

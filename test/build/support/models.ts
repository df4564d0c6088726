/**
 * Small `SchemaModel`s written by hand for the back-end tests, so the emitter and the bundler are
 * tested on exactly the shapes the front end produces, whatever the state of the catalog.
 */
import { hashValue } from '../../../runtime/hash.ts';
import { emptySchemaModel } from '../../support/schema-model.ts';
import type { ParameterModel, SchemaModel, ToolModel } from '../../../runtime/model.ts';

type ParameterSpec = Omit<ParameterModel, 'location' | 'value' | 'visible' | 'options'> & {
  readonly location?: ParameterModel['location'];
  readonly visible?: boolean;
  readonly value?: ParameterModel['value'];
  readonly options?: Partial<ParameterModel['options']>;
};

/** A user parameter (visible unless said otherwise) with normalized options. */
export function parameter(spec: ParameterSpec): ParameterModel {
  const visible = spec.visible ?? true;
  return {
    key: spec.key,
    location: spec.location ?? 'query',
    value: spec.value ?? (visible ? [{ user: true }] : ['fixed']),
    visible,
    type: spec.type,
    options: { optional: false, ...spec.options },
    ...(spec.description === undefined ? {} : { description: spec.description }),
  };
}

/** A GET tool on `https://api.<namespace>.example/<name>`. */
export function tool(name: string, parameters: ParameterModel[], extra: Partial<ToolModel> = {}): ToolModel {
  return {
    name,
    description: `The ${name} tool.`,
    method: 'GET',
    url: [`https://api.example.test/${name}`],
    parameters,
    hooks: [],
    ...extra,
  };
}

/** A schema model whose `hash` is the canonical hash of a stand-in `main` built from its fields. */
export function schemaModel(namespace: string, tools: ToolModel[], extra: Partial<SchemaModel> = {}): SchemaModel {
  const base = {
    ...emptySchemaModel(namespace, tools),
    name: `${namespace[0]!.toUpperCase()}${namespace.slice(1)}Api`,
    description: `Tools of ${namespace}.`,
    ...extra,
  };
  return { ...base, hash: extra.hash ?? hashValue({ namespace: base.namespace, name: base.name, tools: base.tools }) };
}

/** The price tool of the brief: `getPrice({ ids, days? })` with a JSON output schema. */
export const priceModel = (): SchemaModel =>
  schemaModel(
    'coinprices',
    [
      tool(
        'getPrice',
        [
          parameter({
            key: 'ids',
            type: { kind: 'string' },
            options: { min: 1 },
            description: 'Coin ids, comma separated.',
          }),
          parameter({
            key: 'days',
            type: { kind: 'number' },
            options: { min: 1, max: 30, optional: true, default: 7 },
          }),
          parameter({
            key: 'vs',
            type: { kind: 'enum', values: ['usd', 'eur'] },
            options: { optional: false, default: 'usd' },
          }),
          parameter({ key: 'apiKey', type: { kind: 'string' }, visible: false, value: [{ server: 'PRICE_KEY' }] }),
        ],
        {
          output: {
            mimeType: 'application/json',
            schema: {
              type: 'object',
              properties: { price: { type: 'number', description: 'Last price.' }, symbol: { type: 'string' } },
              required: ['price'],
            },
          },
        },
      ),
      tool('listCoins', []),
    ],
    { requiredServerParams: ['PRICE_KEY'] },
  );

import { z } from 'zod';
import {
  ASSISTANT_CAPABILITIES,
  BUILT_IN_ENDPOINTS,
  SOCIAL_PROVIDERS,
  TEMPORARY_CHAT_RETENTION,
} from '@parley/shared';
import { mcpServersSchema } from './mcp-servers.schema';
import { promptLibraryYamlSchema } from './prompt-library.schema';
import { speechYamlSchema } from './speech.schema';

/**
 * LibreChat's `librechat.yaml`, config version 1.0.x (docs/reference/endpoints-and-models.md (Endpoint configuration)).
 * Objects are loose so an operator's file with fields Parley does not use still loads; the loader reports those fields
 * as notices.
 */

const VERSION_HINT = 'must be a config version 1.0.x, such as 1.0.3';

const limit = z.number().min(0, { error: 'must be at least 0' });

const mimeType = z.string().refine(compilesAsRegExp, {
  error: (issue) => `"${String(issue.input)}" is not a valid regular expression`,
});

const fileEndpointSchema = z
  .object({
    disabled: z.boolean().optional(),
    fileLimit: limit.optional(),
    fileSizeLimit: limit.optional(),
    totalSizeLimit: limit.optional(),
    supportedMimeTypes: z.array(mimeType).optional(),
  })
  .loose();

const fileConfigSchema = z
  .object({
    endpoints: z.record(z.string(), fileEndpointSchema).optional(),
    serverFileSizeLimit: limit.optional(),
    avatarSizeLimit: limit.optional(),
    /** Megabytes one user's files may take together; 0 turns the quota off. */
    userStorageLimit: limit.optional(),
  })
  .loose();

const modelsSchema = z
  .object({
    default: z.array(z.string().min(1)).min(1, { error: 'must list at least one model' }),
    fetch: z.boolean().optional(),
    userIdQuery: z.boolean().optional(),
  })
  .loose();

/**
 * Models of an endpoint that read images besides the known vision families (names, `*` matching anything):
 * Parley's own field (docs/reference/files.md (Images and vision)).
 */
const visionModelsSchema = z.array(z.string().min(1, { error: 'must not be empty' }));

/**
 * Models of an endpoint that call tools besides the known families, written as `visionModels` is: Parley's own
 * field (docs/reference/tools.md (Models that call tools)).
 */
const toolModelsSchema = visionModelsSchema;

const builtInByLowerName = new Map<string, string>(BUILT_IN_ENDPOINTS.map((n) => [n.toLowerCase(), n]));

const customEndpointSchema = z
  .object({
    name: z
      .string()
      .min(1, { error: 'must not be empty' })
      .superRefine((name, ctx) => {
        const builtIn = builtInByLowerName.get(name.toLowerCase());
        if (builtIn === undefined) return;
        ctx.addIssue({
          code: 'custom',
          message:
            builtIn === name
              ? `"${name}" is the name of a built-in endpoint; choose another`
              : `"${name}" differs from the built-in endpoint "${builtIn}" only by case; choose another`,
        });
      }),
    apiKey: z.string(),
    baseURL: z.string(),
    iconURL: z.string().optional(),
    models: modelsSchema,
    titleConvo: z.boolean().optional(),
    titleMethod: z.enum(['completion', 'functions']).optional(),
    titleModel: z.string().optional(),
    summarize: z.boolean().optional(),
    summaryModel: z.string().optional(),
    forcePrompt: z.boolean().optional(),
    modelDisplayLabel: z.string().optional(),
    addParams: z.record(z.string(), z.unknown()).optional(),
    dropParams: z.array(z.string()).optional(),
    headers: z.record(z.string(), z.string()).optional(),
    visionModels: visionModelsSchema.optional(),
    toolModels: toolModelsSchema.optional(),
  })
  .loose();

// A built-in endpoint's block (its key, URL and models come from the environment): what Parley reads of it.
const builtInEndpointSchema = z
  .object({ visionModels: visionModelsSchema.optional(), toolModels: toolModelsSchema.optional() })
  .loose();

const assistantsEndpointSchema = z
  .object({
    disableBuilder: z.boolean().optional(),
    pollIntervalMs: z.number().int().min(0, { error: 'must be at least 0' }).optional(),
    timeoutMs: z.number().int().min(0, { error: 'must be at least 0' }).optional(),
    supportedIds: z.array(z.string()).optional(),
    excludedIds: z.array(z.string()).optional(),
    models: modelsSchema,
    /** What assistants may use; unset: all of them (docs/reference/assistants.md (Settings)). */
    capabilities: z.array(z.enum(ASSISTANT_CAPABILITIES)).optional(),
  })
  .loose()
  .refine((a) => !(a.supportedIds && a.excludedIds), {
    error: 'give supportedIds or excludedIds, not both',
    path: ['excludedIds'],
  });

const endpointsSchema = z
  .object({
    assistants: assistantsEndpointSchema.optional(),
    openAI: builtInEndpointSchema.optional(),
    azureOpenAI: builtInEndpointSchema.optional(),
    google: builtInEndpointSchema.optional(),
    anthropic: builtInEndpointSchema.optional(),
    custom: z.array(customEndpointSchema).superRefine(refuseDuplicateNames).optional(),
  })
  .loose();

// Credits and free uses (docs/reference/balance.md (Settings)). Amounts are whole units: 100000 = 1 credit.
const units = z.number().int({ error: 'must be a whole number of units (100000 = 1 credit)' });
const uses = z.number().int({ error: 'must be a whole number' }).min(0, { error: 'must be at least 0' });
const grantSchema = z
  .object({ credits: units.min(0, { error: 'must be at least 0' }), gpt3Uses: uses, gpt4Uses: uses })
  .partial()
  .loose();
const tokenPriceSchema = z
  .object({
    prompt: units.min(0, { error: 'must be at least 0' }),
    completion: units.min(0, { error: 'must be at least 0' }),
  })
  .partial()
  .loose();
const familyPricesSchema = <T extends z.ZodType>(price: T) =>
  z.object({ 'gpt-3': price, 'gpt-4': price }).partial().loose();
const balanceSchema = z
  .object({
    /** `call`: a fixed price per call; `tokens`: priced per 1,000 prompt and completion tokens. */
    pricing: z.enum(['call', 'tokens']).optional(),
    /** Model name patterns (`*` matches anything) whose calls count in the gpt-4 class, over the built-in table. */
    gpt4Models: z.array(z.string().min(1, { error: 'must not be empty' })).optional(),
    /** Units one call costs, per family. */
    callCost: familyPricesSchema(units.min(0, { error: 'must be at least 0' })).optional(),
    /** Units per 1,000 tokens, per family. */
    tokenCost: familyPricesSchema(tokenPriceSchema).optional(),
    /**
     * Per model (exact name or `*` pattern): a multiplier of its class's price, its own token prices, and/or the
     * class its calls count in (`gpt-3` or `gpt-4`), over the built-in table.
     */
    models: z
      .record(
        z.string(),
        tokenPriceSchema.extend({
          multiplier: z.number().min(0, { error: 'must be at least 0' }).optional(),
          class: z.enum(['gpt-3', 'gpt-4'], { error: 'must be gpt-3 or gpt-4' }).optional(),
        }),
      )
      .optional(),
    /** The fewest reply tokens a token-priced call paid in credits must be able to pay for, or it is refused. */
    completionReserve: uses.optional(),
    /** Units one run of a tool costs, by its plugin key (`dalle: 30000`); 0 makes a tool free. */
    toolCost: z.record(z.string().min(1), units.min(0, { error: 'must be at least 0' })).optional(),
    registrationGift: grantSchema.optional(),
    /** What users with negative credits get back each day at 00:01: free uses raised to these, credits added. */
    dailyRestore: grantSchema.optional(),
  })
  .loose();

// What is for sale (docs/reference/commerce.md (Purchase options)). Prices in yuan, at most two decimals.
const yuan = z
  .number()
  .positive({ error: 'must be above 0' })
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
    error: 'must have at most two decimals',
  });
const credits = z.number().min(0, { error: 'must be at least 0' });
const cardSchema = z
  .object({
    price: yuan,
    bonusCredits: credits,
    gpt4PerDay: z.number().int().min(0, { error: 'must be at least 0' }),
    days: z.number().int().min(1, { error: 'must be at least 1' }),
  })
  .partial()
  .loose();
const shopSchema = z
  .object({
    packs: z
      .array(z.object({ price: yuan, credits }).loose())
      .min(1, { error: 'must list at least one pack' })
      .refine((packs) => new Set(packs.map((p) => p.price)).size === packs.length, {
        error: 'must not list two packs at one price',
      })
      .optional(),
    cards: z
      .object({ '1d': cardSchema, '7d': cardSchema, '1m': cardSchema, '1mPlus': cardSchema })
      .partial()
      .optional(),
  })
  .loose();

export const yamlConfigSchema = z
  .object({
    version: z
      .string({ error: (issue) => (issue.input === undefined ? 'is required' : VERSION_HINT) })
      .regex(/^1\.0\.\d+$/, { error: VERSION_HINT }),
    cache: z.boolean().optional(),
    fileStrategy: z.enum(['local', 'firebase', 's3', 'azure']).optional(),
    registration: z
      .object({
        socialLogins: z.array(z.enum(SOCIAL_PROVIDERS)).optional(),
        allowedDomains: z.array(z.string().min(1, { error: 'must not be empty' })).optional(),
      })
      .loose()
      .optional(),
    rateLimits: z
      .object({
        fileUploads: z
          .object({ ipMax: limit, ipWindowInMinutes: limit, userMax: limit, userWindowInMinutes: limit })
          .partial()
          .loose()
          .optional(),
      })
      .loose()
      .optional(),
    fileConfig: fileConfigSchema.optional(),
    balance: balanceSchema.optional(),
    shop: shopSchema.optional(),
    // Null is what YAML gives for an `endpoints:` line with nothing under it; it is refused below.
    endpoints: endpointsSchema.nullable().optional(),
    /** MCP servers whose tools replies may call (mcp-servers.schema.ts). */
    mcpServers: mcpServersSchema.optional(),
    /** The operator's prompt library entries (prompt-library.schema.ts). */
    promptLibrary: promptLibraryYamlSchema.optional(),
    /** false: serve only the operator's entries, not Parley's starter set. */
    promptLibraryStarter: z.boolean().optional(),
    /**
     * LibreChat's interface settings; Parley reads only how long a temporary chat is kept, in hours
     * (docs/reference/conversations.md (Temporary chats)). The others are reported as unknown.
     */
    interface: z
      .object({
        temporaryChatRetention: z
          .number({ error: 'must be a number of hours' })
          .int({ error: 'must be a whole number of hours' })
          .min(TEMPORARY_CHAT_RETENTION.min, {
            error: `must be at least ${TEMPORARY_CHAT_RETENTION.min} hour`,
          })
          .max(TEMPORARY_CHAT_RETENTION.max, {
            error: `must be at most ${TEMPORARY_CHAT_RETENTION.max} hours (a year)`,
          })
          .optional(),
      })
      .loose()
      .optional(),
    /** Server-side read aloud and dictation (speech.schema.ts). */
    speech: speechYamlSchema.optional(),
  })
  .loose()
  .superRefine((config, ctx) => {
    const given = Object.values(config.endpoints ?? {}).some(
      (v) => v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0),
    );
    if (config.endpoints !== undefined && !given) {
      ctx.addIssue({ code: 'custom', path: ['endpoints'], message: 'must configure at least one endpoint' });
    }
  });

export type YamlConfig = z.infer<typeof yamlConfigSchema>;
export type YamlCustomEndpoint = z.infer<typeof customEndpointSchema>;
export type YamlBalance = z.infer<typeof balanceSchema>;

function compilesAsRegExp(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

// Endpoints are addressed by name (/api/ask/{endpoint}); two with one name would shadow each other.
function refuseDuplicateNames(list: { name: string }[], ctx: z.RefinementCtx): void {
  const seen = new Map<string, number>();
  list.forEach(({ name }, index) => {
    const first = seen.get(name.toLowerCase());
    if (first === undefined) seen.set(name.toLowerCase(), index);
    else {
      ctx.addIssue({
        code: 'custom',
        path: [index, 'name'],
        message: `"${name}" is already used by endpoints.custom[${first}]`,
      });
    }
  });
}

import { z } from 'zod';

// Placeholder shape; the config work replaces it with the full LibreChat 1.0.x schema.
export const yamlConfigSchema = z.object({ version: z.string() }).loose();
export type YamlConfig = z.infer<typeof yamlConfigSchema>;

import type { AssistantCapability, EndpointConfig } from '@parley/shared';

/**
 * Which capabilities the operator offers: the assistants endpoint's `capabilities` when the server lists them (the
 * YAML's `endpoints.assistants.capabilities`), else all of them, which is the server's default too.
 */
export function offeredCapabilities(
  endpoint: EndpointConfig | undefined,
): (capability: AssistantCapability) => boolean {
  // Read defensively: the list is an addition the endpoints answer may carry for this endpoint only.
  const listed = (endpoint as { capabilities?: unknown } | undefined)?.capabilities;
  if (!Array.isArray(listed)) return () => true;
  return (capability) => listed.includes(capability);
}

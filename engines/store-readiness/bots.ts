/**
 * The AI agents and crawlers whose access bot_access reports, by the product token each one
 * looks for in robots.txt (the operators' published tokens). The list is also in the spec
 * (ReadinessFields.bot_access); change both together.
 */
export const AGENT_BOTS = [
  'GPTBot', // OpenAI, training crawler
  'OAI-SearchBot', // OpenAI, search index
  'ChatGPT-User', // OpenAI, fetches on a user's request
  'ClaudeBot', // Anthropic, crawler
  'Claude-User', // Anthropic, fetches on a user's request
  'Claude-SearchBot', // Anthropic, search index
  'PerplexityBot', // Perplexity, search index
  'Perplexity-User', // Perplexity, fetches on a user's request
  'Google-Extended', // Google, control token for Gemini use (no crawler of its own)
  'Applebot-Extended', // Apple, control token for Apple Intelligence use
  'Amazonbot', // Amazon
  'meta-externalagent', // Meta
  'CCBot', // Common Crawl
] as const;

export type AgentBot = (typeof AGENT_BOTS)[number];

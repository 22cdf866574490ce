// `agent-shell/tools`: the tool layer an agent registers (docs/api.md §10) and the MCP server on top of it.
export { createBashTools } from './tools'
export { createMcpServer, type McpServerOptions } from './mcp'
export type { AgentTool, BashToolSet, BashToolsOptions, PermissionDecision, SandboxPolicy, ToolContext, ToolResult } from './types'
export type { BashSnapshotOptions, SnapshotDetails } from './bash/snapshot'

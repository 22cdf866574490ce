// The framework adapters (agent-shell/ai, /openai-agents, /langchain), each driven through the
// framework's own agent loop by a scripted model: what the model reads, what the framework counts
// as a failed call, abort, permission (deny never runs, ask goes through the approval hook) and
// live output where the framework streams it.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { generateText, stepCountIs, streamText, type ModelMessage } from 'ai'
import { MockLanguageModelV3 } from 'ai/test'
import { Agent, Runner, setTraceProcessors, setTracingDisabled, Usage, type Model, type ModelRequest, type ModelResponse, type Span, type TracingProcessor } from '@openai/agents'
import { BaseChatModel } from '@langchain/core/language_models/chat_models'
import { AIMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages'
import type { ChatResult } from '@langchain/core/outputs'
import { Command, MemorySaver } from '@langchain/langgraph'
import { createAgent, humanInTheLoopMiddleware } from 'langchain'
import { bashToolsForAiSdk, type AiSdkToolOutput } from '../ts/adapters/ai'
import { bashToolsForOpenAIAgents, shellToolForOpenAIAgents } from '../ts/adapters/openai-agents'
import { bashToolForAnthropic } from '../ts/adapters/anthropic'
import { bashToolsForLangChain } from '../ts/adapters/langchain'
import { eventually, processesWith, sleepMarker } from './helpers'

let dir = ''
const closers: (() => Promise<void>)[] = []
function track<T extends { close(): Promise<void> }>(adapter: T): T {
  closers.push(() => adapter.close())
  return adapter
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'agent-shell-adapters-'))
})
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()))
  rmSync(dir, { recursive: true, force: true })
})

/** What a model is scripted to do at each step: call a tool, or answer with text. */
type Step = { tool: string; input: Record<string, unknown> } | string

const failing = () => `echo partial; ls ${join(dir, 'missing')}`
/** Denied by the classifier (git push --force), with a harmless trace if it ever ran. */
const denied = () => `touch ${join(dir, 'denied-ran')}; git push --force`
/** A write: the classifier asks. */
const asked = () => `touch ${join(dir, 'approved-ran')}`
const slowLines = 'for i in 1 2 3; do echo line$i; sleep 0.3; done'
/** A command with a process that left its tree's parent (re-parented): the kill must find it too. */
const tree = (marker: string) => `( sleep ${marker} & ); sleep ${marker}`

// The model interface's types, as the mock implements it (the SDK does not export them).
type CallOptions = Parameters<MockLanguageModelV3['doGenerate']>[0]
type GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>
type StreamPart = Awaited<ReturnType<MockLanguageModelV3['doStream']>>['stream'] extends ReadableStream<infer P> ? P : never
type Content = { type: 'text'; text: string } | { type: 'tool-call'; toolCallId: string; toolName: string; input: string }

describe('agent-shell/ai (Vercel AI SDK)', () => {
  const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } }

  /** A MockLanguageModelV3 that follows `steps` across calls and keeps every prompt it was given. */
  function scripted(steps: Step[]) {
    const prompts: CallOptions['prompt'][] = []
    let n = 0
    const next = (options: CallOptions): Content[] => {
      prompts.push(options.prompt)
      const step = steps.shift() ?? 'done'
      n += 1
      return typeof step === 'string' ? [{ type: 'text', text: step }] : [{ type: 'tool-call', toolCallId: `call-${n}`, toolName: step.tool, input: JSON.stringify(step.input) }]
    }
    const model = new MockLanguageModelV3({
      doGenerate: async (options): Promise<GenerateResult> => {
        const content = next(options)
        return { content, finishReason: { unified: content[0]!.type === 'tool-call' ? 'tool-calls' : 'stop', raw: undefined }, usage, warnings: [] }
      },
      doStream: async (options) => {
        const content = next(options)
        const parts: StreamPart[] = [{ type: 'stream-start', warnings: [] }]
        for (const c of content) {
          if (c.type === 'text') parts.push({ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: c.text }, { type: 'text-end', id: 't' })
          else parts.push(c)
        }
        parts.push({ type: 'finish', finishReason: { unified: content[0]!.type === 'tool-call' ? 'tool-calls' : 'stop', raw: undefined }, usage })
        return { stream: new ReadableStream({ start: (c) => (parts.forEach((p) => c.enqueue(p)), c.close()) }) }
      },
    })
    /** The tool results the model was shown, by call id: `{ type, value }` as the SDK sent them. */
    const shown = () => {
      const results = new Map<string, unknown>()
      for (const prompt of prompts) {
        for (const message of prompt) {
          if (message.role !== 'tool') continue
          for (const part of message.content) if (part.type === 'tool-result') results.set(part.toolCallId, part.output)
        }
      }
      return results
    }
    return { model, shown }
  }

  const adapter = () => track(bashToolsForAiSdk({ cwd: dir, env: { HOME: dir } }))

  it('gives the model the output as plain text', async () => {
    const { tools } = adapter()
    const { model, shown } = scripted([{ tool: 'bash', input: { command: 'echo hello' } }])
    const result = await generateText({ model, tools, prompt: 'run it', stopWhen: stepCountIs(3) })
    expect(result.text).toBe('done')
    expect(shown().get('call-1')).toEqual({ type: 'text', value: 'hello' })
    // The host still sees the whole result.
    const toolResult = result.steps[0]!.toolResults[0]!
    expect(toolResult.output).toMatchObject({ isError: false, details: { exitCode: 0 } })
  })

  it('makes a failed command a tool error that the model reads as error text', async () => {
    const { tools } = adapter()
    const { model, shown } = scripted([{ tool: 'bash', input: { command: failing() } }])
    const result = await generateText({ model, tools, prompt: 'run it', stopWhen: stepCountIs(3) })
    const error = result.steps[0]!.content.find((part) => part.type === 'tool-error')
    expect(error).toMatchObject({ type: 'tool-error', toolName: 'bash', error: { name: 'BashToolError', result: { isError: true, details: { exitCode: 2 } } } })
    expect(shown().get('call-1')).toEqual({ type: 'error-text', value: expect.stringMatching(/^partial\nls: cannot access .*missing.*\n\nCommand exited with code 2$/) })
  })

  it("stops the command with the call's abort signal", async () => {
    const { tools } = adapter()
    const marker = sleepMarker()
    const { model } = scripted([{ tool: 'bash', input: { command: tree(marker) } }])
    const controller = new AbortController()
    const running = generateText({ model, tools, prompt: 'run it', stopWhen: stepCountIs(3), abortSignal: controller.signal })
    expect(await eventually(() => processesWith(marker).length === 2)).toBe(true)
    controller.abort()
    await expect(running).rejects.toMatchObject({ name: 'AbortError' })
    expect(await eventually(() => processesWith(marker).length === 0)).toBe(true)
  })

  it('refuses a denied command without running it or asking', async () => {
    const { tools } = adapter()
    const { model, shown } = scripted([{ tool: 'bash', input: { command: denied() } }])
    const result = await generateText({ model, tools, prompt: 'run it', stopWhen: stepCountIs(3) })
    expect(result.steps[0]!.content.some((part) => part.type === 'tool-approval-request')).toBe(false)
    expect(shown().get('call-1')).toEqual({ type: 'error-text', value: expect.stringContaining('Not run. This command is not allowed') })
    expect(existsSync(join(dir, 'denied-ran'))).toBe(false)
  })

  it('sends an ask verdict through needsApproval: it runs once approved, never when denied', async () => {
    const { tools } = adapter()
    const { model, shown } = scripted([{ tool: 'bash', input: { command: asked() } }])
    const first = await generateText({ model, tools, prompt: 'run it', stopWhen: stepCountIs(3) })
    const request = first.content.find((part) => part.type === 'tool-approval-request')
    expect(request).toMatchObject({ toolCall: { toolName: 'bash', input: { command: asked() } } })
    expect(existsSync(join(dir, 'approved-ran'))).toBe(false)

    const messages: ModelMessage[] = [
      { role: 'user', content: 'run it' },
      ...first.response.messages,
      { role: 'tool', content: [{ type: 'tool-approval-response', approvalId: request!.approvalId, approved: true }] },
    ]
    const second = await generateText({ model, tools, messages, stopWhen: stepCountIs(3) })
    expect(second.text).toBe('done')
    expect(existsSync(join(dir, 'approved-ran'))).toBe(true)
    expect(shown().get('call-1')).toEqual({ type: 'text', value: '(no output)' })

    // Rejected: the SDK never calls execute.
    const other = scripted([{ tool: 'bash', input: { command: `touch ${join(dir, 'rejected-ran')}` } }])
    const asking = await generateText({ model: other.model, tools, prompt: 'run it', stopWhen: stepCountIs(3) })
    const again = asking.content.find((part) => part.type === 'tool-approval-request')!
    await generateText({
      model: other.model,
      tools,
      messages: [{ role: 'user', content: 'run it' }, ...asking.response.messages, { role: 'tool', content: [{ type: 'tool-approval-response', approvalId: again.approvalId, approved: false }] }],
      stopWhen: stepCountIs(3),
    })
    expect(existsSync(join(dir, 'rejected-ran'))).toBe(false)
  })

  it('streams live output as preliminary tool results (streamText)', async () => {
    const { tools } = adapter()
    const { model, shown } = scripted([{ tool: 'bash', input: { command: slowLines } }])
    const stream = streamText({ model, tools, prompt: 'run it', stopWhen: stepCountIs(3) })
    const preliminary: string[] = []
    let final: unknown
    for await (const part of stream.fullStream) {
      if (part.type !== 'tool-result') continue
      // The SDK repeats the final output as a last preliminary one; the adapter marks the live ones.
      const output = part.output as AiSdkToolOutput
      if (part.preliminary && output.preliminary) preliminary.push(output.content[0]!.text)
      else if (!part.preliminary) final = output
    }
    expect(preliminary.length).toBeGreaterThan(0)
    expect(preliminary.at(-1)).toBe('line1\nline2\nline3\n')
    expect(final).toMatchObject({ isError: false, content: [{ type: 'text', text: 'line1\nline2\nline3' }] })
    expect(shown().get('call-1')).toEqual({ type: 'text', value: 'line1\nline2\nline3' })
  })
})

describe('agent-shell/openai-agents (OpenAI Agents SDK)', () => {
  /** A Model that follows `steps` and keeps every request. */
  class ScriptedModel implements Model {
    requests: ModelRequest[] = []
    private n = 0
    constructor(private steps: Step[]) {}
    async getResponse(request: ModelRequest): Promise<ModelResponse> {
      this.requests.push(request)
      const step = this.steps.shift() ?? 'done'
      this.n += 1
      const output: ModelResponse['output'] =
        typeof step === 'string'
          ? [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: step }] }]
          : [{ type: 'function_call', callId: `call-${this.n}`, name: step.tool, arguments: JSON.stringify(step.input), status: 'completed' }]
      return { usage: new Usage(), output }
    }
    // eslint-disable-next-line require-yield
    async *getStreamedResponse(): AsyncIterable<never> {
      throw new Error('the tests run without streaming')
    }
    /** What the model was shown for a call: the function_call_result's output, as text. */
    shown(callId: string): string | undefined {
      for (const request of this.requests) {
        if (typeof request.input === 'string') continue
        for (const item of request.input) {
          if (item.type !== 'function_call_result' || item.callId !== callId) continue
          const output = item.output as string | { type: string; text?: string }
          return typeof output === 'string' ? output : output.text
        }
      }
      return undefined
    }
  }

  /** Function spans as the SDK's tracing records them (a failed tool call has an error). */
  const spans: { name?: string; error: unknown }[] = []
  const collector: TracingProcessor = {
    async onTraceStart() {},
    async onTraceEnd() {},
    async onSpanStart() {},
    async onSpanEnd(span: Span<any>) {
      if (span.spanData.type === 'function') spans.push({ name: span.spanData.name, error: span.error })
    },
    async shutdown() {},
    async forceFlush() {},
  }

  beforeEach(() => {
    spans.length = 0
    setTracingDisabled(false)
    setTraceProcessors([collector])
  })
  afterEach(() => {
    setTraceProcessors([])
    setTracingDisabled(true)
  })

  const adapter = () => track(bashToolsForOpenAIAgents({ cwd: dir, env: { HOME: dir } }))
  const agentWith = (model: Model, tools: ReturnType<typeof adapter>['tools']) => new Agent({ name: 'shell', instructions: 'Use bash.', model, tools })

  it('gives the model the output as plain text (strict: false schema)', async () => {
    const { tools } = adapter()
    expect(tools.map((t) => [t.name, t.strict])).toEqual([['bash', false], ['bash_output', false], ['kill_bash', false]])
    const model = new ScriptedModel([{ tool: 'bash', input: { command: 'echo hello' } }])
    const result = await new Runner({ tracingDisabled: false }).run(agentWith(model, tools), 'run it')
    expect(result.finalOutput).toBe('done')
    expect(model.shown('call-1')).toBe('hello')
    expect(spans).toEqual([{ name: 'bash', error: null }])
  })

  it('makes a failed command a failed tool call; the model reads the text as it is', async () => {
    const { tools } = adapter()
    const model = new ScriptedModel([{ tool: 'bash', input: { command: failing() } }])
    await new Runner({ tracingDisabled: false }).run(agentWith(model, tools), 'run it')
    expect(model.shown('call-1')).toMatch(/^partial\nls: cannot access .*missing.*\n\nCommand exited with code 2$/)
    expect(spans).toEqual([{ name: 'bash', error: { message: 'Error running tool (non-fatal)', data: { tool_name: 'bash', error: expect.stringContaining('Command exited with code 2') } } }])
  })

  it("stops the command with the run's signal", async () => {
    const { tools } = adapter()
    const marker = sleepMarker()
    const model = new ScriptedModel([{ tool: 'bash', input: { command: tree(marker) } }])
    const controller = new AbortController()
    const running = new Runner().run(agentWith(model, tools), 'run it', { signal: controller.signal })
    expect(await eventually(() => processesWith(marker).length === 2)).toBe(true)
    controller.abort()
    await expect(running).rejects.toThrow(/abort/i)
    expect(await eventually(() => processesWith(marker).length === 0)).toBe(true)
  })

  it('refuses a denied command without running it or interrupting', async () => {
    const { tools } = adapter()
    const model = new ScriptedModel([{ tool: 'bash', input: { command: denied() } }])
    const result = await new Runner().run(agentWith(model, tools), 'run it')
    expect(result.interruptions).toEqual([])
    expect(model.shown('call-1')).toMatch(/^Not run\. This command is not allowed/)
    expect(existsSync(join(dir, 'denied-ran'))).toBe(false)
  })

  it('sends an ask verdict through needsApproval: an interruption the host approves or rejects', async () => {
    const { tools } = adapter()
    const model = new ScriptedModel([{ tool: 'bash', input: { command: asked() } }, { tool: 'bash', input: { command: `touch ${join(dir, 'rejected-ran')}` } }])
    const agent = agentWith(model, tools)
    const runner = new Runner()
    let result = await runner.run(agent, 'run it')
    expect(result.interruptions).toHaveLength(1)
    expect(result.interruptions[0]).toMatchObject({ name: 'bash' })
    expect(existsSync(join(dir, 'approved-ran'))).toBe(false)
    result.state.approve(result.interruptions[0]!)
    result = await runner.run(agent, result.state)
    expect(existsSync(join(dir, 'approved-ran'))).toBe(true)
    expect(model.shown('call-1')).toBe('(no output)')
    // The next step's call is rejected: it never runs.
    expect(result.interruptions).toHaveLength(1)
    result.state.reject(result.interruptions[0]!)
    result = await runner.run(agent, result.state)
    expect(result.finalOutput).toBe('done')
    expect(existsSync(join(dir, 'rejected-ran'))).toBe(false)
  })

  it('gives live output to onUpdate', async () => {
    const updates: { toolName: string; callId?: string; text: string }[] = []
    const { tools } = track(bashToolsForOpenAIAgents({ cwd: dir, env: { HOME: dir }, onUpdate: (u) => updates.push(u) }))
    const model = new ScriptedModel([{ tool: 'bash', input: { command: slowLines } }])
    await new Runner().run(agentWith(model, tools), 'run it')
    expect(updates.length).toBeGreaterThan(0)
    expect(updates.at(-1)).toEqual({ toolName: 'bash', callId: 'call-1', text: 'line1\nline2\nline3\n' })
  })
})

describe('agent-shell/langchain (LangChain.js createAgent)', () => {
  /** A chat model that follows `steps` and keeps every list of messages it was given. */
  class ScriptedChatModel extends BaseChatModel {
    seen: BaseMessage[][] = []
    private n = 0
    constructor(private steps: Step[]) {
      super({})
    }
    _llmType() {
      return 'scripted'
    }
    override bindTools() {
      return this
    }
    async _generate(messages: BaseMessage[]): Promise<ChatResult> {
      this.seen.push(messages)
      const step = this.steps.shift() ?? 'done'
      this.n += 1
      const message = typeof step === 'string' ? new AIMessage(step) : new AIMessage({ content: '', tool_calls: [{ id: `call-${this.n}`, name: step.tool, args: step.input, type: 'tool_call' }] })
      return { generations: [{ text: typeof step === 'string' ? step : '', message }] }
    }
    /** The ToolMessage the model was shown for a call. */
    shown(callId: string): ToolMessage | undefined {
      for (const messages of this.seen) {
        const found = messages.find((m): m is ToolMessage => ToolMessage.isInstance(m) && m.tool_call_id === callId)
        if (found) return found
      }
      return undefined
    }
  }

  const adapter = () => track(bashToolsForLangChain({ cwd: dir, env: { HOME: dir } }))

  it('gives the model the output as plain text, with a success status', async () => {
    const { tools } = adapter()
    const model = new ScriptedChatModel([{ tool: 'bash', input: { command: 'echo hello' } }])
    await createAgent({ model, tools }).invoke({ messages: [{ role: 'user', content: 'run it' }] })
    expect(model.shown('call-1')).toMatchObject({ content: 'hello', status: 'success', artifact: { exitCode: 0 } })
  })

  it('makes a failed command a ToolMessage with status "error", and input LangChain rejects reaches the tool', async () => {
    const { tools } = adapter()
    const model = new ScriptedChatModel([
      { tool: 'bash', input: { command: failing() } },
      { tool: 'bash', input: { timeout: 5 } },
    ])
    await createAgent({ model, tools }).invoke({ messages: [{ role: 'user', content: 'run it' }] })
    const failed = model.shown('call-1')!
    expect(failed).toMatchObject({ status: 'error', artifact: { exitCode: 2 } })
    expect(failed.content).toMatch(/^partial\nls: cannot access .*missing.*\n\nCommand exited with code 2$/)
    // No `command`: LangChain's schema check fails; the tool's own message says what to give.
    expect(model.shown('call-2')).toMatchObject({ status: 'error', content: expect.stringContaining('`command`') })
    expect(model.shown('call-2')!.content).not.toContain('did not match expected schema')
  })

  it("stops the command with the run's signal", async () => {
    const { tools } = adapter()
    const marker = sleepMarker()
    const model = new ScriptedChatModel([{ tool: 'bash', input: { command: tree(marker) } }])
    const controller = new AbortController()
    const running = createAgent({ model, tools }).invoke({ messages: [{ role: 'user', content: 'run it' }] }, { signal: controller.signal })
    expect(await eventually(() => processesWith(marker).length === 2)).toBe(true)
    controller.abort()
    await expect(running).rejects.toThrow(/abort/i)
    expect(await eventually(() => processesWith(marker).length === 0)).toBe(true)
  })

  it('refuses a denied command without running it or interrupting', async () => {
    const { tools, interruptOn } = adapter()
    const model = new ScriptedChatModel([{ tool: 'bash', input: { command: denied() } }])
    const agent = createAgent({ model, tools, middleware: [humanInTheLoopMiddleware({ interruptOn })], checkpointer: new MemorySaver() })
    const result = await agent.invoke({ messages: [{ role: 'user', content: 'run it' }] }, { configurable: { thread_id: 'denied' } })
    expect(result.__interrupt__).toBeUndefined()
    expect(model.shown('call-1')).toMatchObject({ status: 'error', content: expect.stringMatching(/^Not run\. This command is not allowed/) })
    expect(existsSync(join(dir, 'denied-ran'))).toBe(false)
  })

  it("sends an ask verdict through the human-in-the-loop middleware, and refuses it when there is none", async () => {
    const { tools, interruptOn } = adapter()
    const model = new ScriptedChatModel([{ tool: 'bash', input: { command: asked() } }, { tool: 'bash', input: { command: `touch ${join(dir, 'rejected-ran')}` } }])
    const agent = createAgent({ model, tools, middleware: [humanInTheLoopMiddleware({ interruptOn })], checkpointer: new MemorySaver() })
    const thread = { configurable: { thread_id: 'ask' } }
    let result = await agent.invoke({ messages: [{ role: 'user', content: 'run it' }] }, thread)
    expect(result.__interrupt__).toHaveLength(1)
    expect(existsSync(join(dir, 'approved-ran'))).toBe(false)
    result = await agent.invoke(new Command({ resume: { decisions: [{ type: 'approve' }] } }), thread)
    expect(existsSync(join(dir, 'approved-ran'))).toBe(true)
    expect(model.shown('call-1')).toMatchObject({ status: 'success', content: '(no output)' })
    expect(result.__interrupt__).toHaveLength(1)
    await agent.invoke(new Command({ resume: { decisions: [{ type: 'reject', message: 'no' }] } }), thread)
    expect(existsSync(join(dir, 'rejected-ran'))).toBe(false)

    // Without the middleware nobody approves: the call is refused, not run.
    const unattended = new ScriptedChatModel([{ tool: 'bash', input: { command: asked().replace('approved-ran', 'unattended-ran') } }])
    await createAgent({ model: unattended, tools }).invoke({ messages: [{ role: 'user', content: 'run it' }] })
    expect(unattended.shown('call-1')).toMatchObject({ status: 'error', content: expect.stringContaining('needs a person') })
    expect(existsSync(join(dir, 'unattended-ran'))).toBe(false)
  })

  it('streams live output as tool events (streamMode "tools")', async () => {
    const { tools } = adapter()
    const model = new ScriptedChatModel([{ tool: 'bash', input: { command: slowLines } }])
    const stream = await createAgent({ model, tools }).stream({ messages: [{ role: 'user', content: 'run it' }] }, { streamMode: ['tools'] })
    const pieces: string[] = []
    for await (const [mode, chunk] of stream) {
      const event = chunk as { event: string; data?: unknown }
      if (mode === 'tools' && event.event === 'on_tool_event') pieces.push(String(event.data))
    }
    expect(pieces.length).toBeGreaterThan(1)
    expect(pieces.join('')).toBe('line1\nline2\nline3\n')
    expect(model.shown('call-1')).toMatchObject({ status: 'success', content: 'line1\nline2\nline3' })
  })
})

describe("OpenAI's shell tool (shellToolForOpenAIAgents)", () => {
  /** A Model that issues shell calls (one action per step) and keeps what it was shown. */
  class ShellModel implements Model {
    requests: ModelRequest[] = []
    private n = 0
    constructor(private steps: ({ commands: string[]; timeoutMs?: number } | string)[]) {}
    async getResponse(request: ModelRequest): Promise<ModelResponse> {
      this.requests.push(request)
      const step = this.steps.shift() ?? 'done'
      this.n += 1
      const output: ModelResponse['output'] =
        typeof step === 'string'
          ? [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: step }] }]
          : [{ type: 'shell_call', callId: `call-${this.n}`, status: 'completed', action: step }]
      return { usage: new Usage(), output }
    }
    // eslint-disable-next-line require-yield
    async *getStreamedResponse(): AsyncIterable<never> {
      throw new Error('the tests run without streaming')
    }
    shown(callId: string): unknown {
      for (const request of this.requests) {
        if (typeof request.input === 'string') continue
        const found = request.input.find((item) => item.type === 'shell_call_output' && item.callId === callId)
        if (found) return (found as { output: unknown }).output
      }
      return undefined
    }
  }

  it('gives stdout and stderr apart with the outcome, in one persistent session', async () => {
    const shell = track(shellToolForOpenAIAgents({ cwd: dir, env: { HOME: dir } }))
    const model = new ShellModel([{ commands: ['cd /', 'pwd; echo err >&2; echo out; ls /missing-dir'] }, { commands: ['sleep 5'], timeoutMs: 300 }])
    const result = await new Runner().run(new Agent({ name: 'shell', model, tools: [shell.tool] }), 'run it')
    expect(result.finalOutput).toBe('done')
    expect(model.shown('call-1')).toEqual([
      { stdout: '', stderr: '', outcome: { type: 'exit', exitCode: 0 } },
      { stdout: '/\nout\n', stderr: expect.stringMatching(/^err\nls: cannot access '\/missing-dir'/), outcome: { type: 'exit', exitCode: 2 } },
    ])
    expect(model.shown('call-2')).toEqual([{ stdout: '', stderr: '', outcome: { type: 'timeout' } }])
  })

  it('keeps interleaved stdout and stderr apart, each in its order', async () => {
    const shell = track(shellToolForOpenAIAgents({ cwd: dir, env: { HOME: dir } }))
    const { output } = await shell.shell.run({ commands: ['for i in 1 2 3; do echo out$i; echo err$i >&2; done; printf tail >&2'] })
    expect(output).toEqual([{ stdout: 'out1\nout2\nout3\n', stderr: 'err1\nerr2\nerr3\ntail', outcome: { type: 'exit', exitCode: 0 } }])
  })

  it('bounds a big stderr to maxOutputLength, keeping its end, as it bounds stdout', async () => {
    const shell = track(shellToolForOpenAIAgents({ cwd: dir, env: { HOME: dir } }))
    // 1.3 MB of stderr, more than a pipe holds, beside a little stdout.
    const { output, maxOutputLength } = await shell.shell.run({ commands: ['seq 1 200000 >&2; echo done'], maxOutputLength: 1000 })
    expect(maxOutputLength).toBe(1000)
    const [first] = output
    expect(first!.stdout).toBe('done\n')
    expect(first!.outcome).toEqual({ type: 'exit', exitCode: 0 })
    expect(Buffer.byteLength(first!.stderr)).toBeLessThanOrEqual(1000)
    expect(first!.stderr).toMatch(/\n199999\n200000\n$/)
  })

  it("leaves a command's own redirections of stderr as bash -c does, for that command only", async () => {
    const shell = track(shellToolForOpenAIAgents({ cwd: dir, env: { HOME: dir } }))
    const log = join(dir, 'err.log')
    const { output } = await shell.shell.run({
      commands: [`ls ${join(dir, 'missing')} 2>&1; echo to-err >&2`, `exec 2>${log}; echo hidden >&2; echo shown`, 'echo back >&2'],
    })
    expect(output).toEqual([
      { stdout: expect.stringMatching(/^ls: cannot access .*missing/), stderr: 'to-err\n', outcome: { type: 'exit', exitCode: 0 } },
      { stdout: 'shown\n', stderr: '', outcome: { type: 'exit', exitCode: 0 } },
      { stdout: '', stderr: 'back\n', outcome: { type: 'exit', exitCode: 0 } },
    ])
    expect(readFileSync(log, 'utf8')).toBe('hidden\n')
  })

  it('asks before a write (needsApproval), and refuses a denied action without running any of it', async () => {
    const shell = track(shellToolForOpenAIAgents({ cwd: dir, env: { HOME: dir } }))
    const model = new ShellModel([{ commands: [asked()] }, { commands: [`touch ${join(dir, 'first')}`, denied()] }])
    const agent = new Agent({ name: 'shell', model, tools: [shell.tool] })
    const runner = new Runner()
    let result = await runner.run(agent, 'run it')
    expect(result.interruptions).toHaveLength(1)
    expect(existsSync(join(dir, 'approved-ran'))).toBe(false)
    result.state.approve(result.interruptions[0]!)
    result = await runner.run(agent, result.state)
    expect(existsSync(join(dir, 'approved-ran'))).toBe(true)
    expect(result.interruptions).toEqual([])
    expect(model.shown('call-2')).toEqual([{ stdout: '', stderr: expect.stringMatching(/^Not run\. This command is not allowed/), outcome: { type: 'exit', exitCode: null } }])
    expect(existsSync(join(dir, 'first'))).toBe(false)
    expect(existsSync(join(dir, 'denied-ran'))).toBe(false)
  })
})

describe("Anthropic's bash_20250124 tool (bashToolForAnthropic)", () => {
  it('runs tool_use inputs into tool_result fields; restart gives a fresh session', async () => {
    // Session state carries over between calls run in the session (a confined read-only call's
    // variables are not kept: enforce.spec.ts), so this one runs every call in it.
    const bash = track(bashToolForAnthropic({ cwd: dir, env: { HOME: dir }, enforceReadOnly: false }))
    expect(bash.definition).toEqual({ type: 'bash_20250124', name: 'bash' })
    expect(await bash.run({ command: 'X=kept; echo hi' })).toEqual({ content: 'hi', is_error: false })
    expect(await bash.run({ command: 'echo "[$X]"' })).toEqual({ content: '[kept]', is_error: false })
    const failed = await bash.run({ command: failing() })
    expect(failed).toMatchObject({ is_error: true, content: expect.stringMatching(/Command exited with code 2$/) })
    expect(await bash.run({ restart: true })).toMatchObject({ is_error: false, content: expect.stringContaining('restarted') })
    expect(await bash.run({ command: 'echo "[$X]"' })).toEqual({ content: '[]', is_error: false })
  })

  it('refuses a denied command, gives the verdict for a host that asks, and stops on abort', async () => {
    const bash = track(bashToolForAnthropic({ cwd: dir, env: { HOME: dir } }))
    expect(await bash.run({ command: denied() })).toMatchObject({ is_error: true, content: expect.stringMatching(/^Not run\. This command is not allowed/) })
    expect(existsSync(join(dir, 'denied-ran'))).toBe(false)
    expect(bash.checkPermissions({ command: asked() })).toMatchObject({ behavior: 'ask' })
    const marker = sleepMarker()
    const controller = new AbortController()
    const running = bash.run({ command: tree(marker) }, { signal: controller.signal })
    expect(await eventually(() => processesWith(marker).length === 2)).toBe(true)
    controller.abort()
    await expect(running).rejects.toMatchObject({ name: 'AbortError' })
    expect(await eventually(() => processesWith(marker).length === 0)).toBe(true)
  })
})

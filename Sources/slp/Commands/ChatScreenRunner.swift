#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPDomain
import SLPTerminal

/// Runs `slp chat`'s screen on the terminal: opens the conversation, takes over the screen,
/// then feeds the store two streams of actions at once, keys and resizes from the terminal and
/// news from the storage (while the match is on), painting each new state, until I leave (once
/// the match has ended, with the next key); then the screen is as it was before, and how the
/// match ended is printed with any line left unsent.
@MainActor
enum ChatScreenRunner {
    static func run(_ context: CommandContext, partner: UserID?, style: Style) async -> Output {
        let dependencies: Dependencies
        do {
            dependencies = try context.dependencies()
        } catch {
            return context.fail(error)
        }
        guard let terminal = TerminalSession() else { return await ChatFollowCommand.run(context) }
        let utcOffset = TimeZone.current.secondsFromGMT(for: dependencies.now)
        let store = Store(dependencies.chatScreenFeature, initialState: .init(size: terminal.size, utcOffset: utcOffset))
        await store.send(.open(actingUser: context.actingUser, with: partner))
        if let failure = store.state.failure {
            // With nobody named, "no conversation with that user" would point at a user never given.
            return context.fail(failure.worded(.notMatched, as: partner == nil ? Failure.noConversation : nil))
        }
        guard store.state.isTalking else { return ended(store.state, context: context) }

        do {
            try terminal.begin()
        } catch {
            return context.fail(Failure(code: "terminal_error", status: nil, message: "cannot use the terminal: \(error)", exitCode: .ioError))
        }
        let input: TerminalInput
        do {
            input = try TerminalInput()
        } catch {
            terminal.end()
            return context.fail(Failure(code: "terminal_error", status: nil, message: "cannot read the terminal: \(error)", exitCode: .ioError))
        }
        let renderer = ChatScreenRenderer(style: style)
        var painter = ScreenPainter()
        var redraws = store.state.redraws
        store.observe { state in
            if state.redraws != redraws {
                redraws = state.redraws
                painter.invalidate()
            }
            terminal.send(painter.paint(renderer.frame(state)))
        }
        let news = Task { @MainActor in
            while store.state.isTalking { await store.send(.poll) }
            // A failure ends the screen without a key.
            if !store.state.isRunning { input.stop() }
        }
        for await event in input.events {
            switch event {
            case .keys(let keys):
                for key in keys where store.state.isRunning { await store.send(.key(key)) }
            case .resized(let size):
                await store.send(.resize(size))
            }
            if !store.state.isRunning { break }
        }
        // The input ended without a key to leave: the terminal has gone.
        if store.state.isRunning { await store.send(.key(.endOfInput)) }
        input.stop()
        await news.value
        terminal.end()
        if let failure = store.state.failure { return context.fail(failure) }
        guard let ending = store.state.conversation?.ending else { return Output() }
        let draft = store.state.input.text
        let unsent = draft.contains { !$0.isWhitespace } ? "Not sent: \(TerminalText.sanitized(draft))\n" : ""
        return .success(ChatScreenRenderer.sentence(ending, store.state) + "\n" + unsent)
    }

    /// A conversation already closed: what `chat follow` prints for it, without a screen.
    private static func ended(_ state: ChatScreenFeature.State, context: CommandContext) -> Output {
        guard let conversation = state.conversation else { return Output() }
        let chat = ChatRenderer(format: context.format)
        return .success(state.messages.map { chat.line($0, in: conversation) }.joined() + "The study has ended.\n")
    }
}

//! The referee: a game's record of events and the state it folds into.

use crate::article::{Article, art};
use crate::effect::Effect;
use crate::error::RefereeError;
use crate::event::{Action, Actor, ClockFix, ColourChoice, Event, Offence, Penalty, Ruling};
use crate::outcome::{Outcome, WinBy};
use crate::settings::{Confirmation, Player, Seat, Settings};
use clock::{Clock, ClockError, ClockState, Instant, Millis, Phase as ClockPhase, Pressed};
use rules::life::{Proposal, ProposalSettings, propose_dead};
use rules::{Color, Count, CyclePolicy, Game, GameEnd, IllegalMove, Move, Point};
use std::collections::BTreeSet;
use std::fmt;
use tournament::nigiri::{self, Nigiri};

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Before the start: the colours are settled here (Art. 10).
    Setup,
    /// Moves are being played (possibly paused, Art. 14).
    Play,
    /// Play is over; the dead stones are being agreed (Art. 8).
    Counting,
    /// The game has a result that is not yet confirmed (Art. 16.4).
    Decided,
    /// Both players and a referee (or both players, where the settings let their agreement
    /// stand) confirmed the result: it is final (Art. 16.4).
    Final,
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Phase::Setup => "setup",
            Phase::Play => "play",
            Phase::Counting => "counting",
            Phase::Decided => "decided",
            Phase::Final => "final",
        })
    }
}

/// A refused event while replaying a record: which one, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// The index of the refused event in the record (0 also when the settings were refused,
    /// before any event).
    pub index: usize,
    /// Why it was refused.
    pub error: RefereeError,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.error {
            // Refused before any event: the settings, not an event, are wrong.
            RefereeError::LostTurnWithoutByoYomi { .. } | RefereeError::KomiTooLarge(_) => {
                write!(f, "the game's settings: {}", self.error)
            }
            _ => write!(f, "event #{}: {}", self.index, self.error),
        }
    }
}

impl std::error::Error for ReplayError {}

/// A game as the referee keeps it: the settings, the append-only record of events, what each
/// event did, and the state they fold into.
///
/// Invariant: `state` is the fold of `events` (without the overruled ones) from the settings;
/// so [`Referee::replay`] of [`Referee::events`] gives the same state, and a refused event
/// leaves everything as it was.
#[derive(Clone, Debug)]
pub struct Referee {
    settings: Settings,
    events: Vec<Event>,
    effects: Vec<Vec<Effect>>,
    state: State,
}

/// The fold of a record.
#[derive(Clone, Debug)]
struct State {
    phase: Phase,
    game: Game,
    clock: Clock,
    /// Who holds Black now, and who the event assigned it to (Art. 17.1).
    black: Option<Seat>,
    assigned_black: Option<Seat>,
    nigiri: Option<Nigiri>,
    started_at: Option<Instant>,
    absent: [bool; 2],
    paused: bool,
    end_proposed_by: Option<Color>,
    warnings: [u32; 2],
    /// Offences of Art. 23 so far, for "first a warning, then a loss".
    offences: Vec<(Color, Offence)>,
    /// Stones captured by each side's last move, for Art. 18.2.
    last_captures: [Option<u32>; 2],
    colours_ruled: bool,
    lost_turn_requested: [bool; 2],
    marking: Vec<Point>,
    marking_accepted: [bool; 2],
    count: Option<Count>,
    result: Option<Outcome>,
    /// The result came from counting (a recount and later warnings recount it).
    counted: bool,
    /// The clock's flag that decided the result, if one did (Art. 22.5 may turn it into a
    /// lost turn at the player's request).
    flag_result: bool,
    confirmations: [bool; 3],
    confirmed: Option<Outcome>,
    corrections: Vec<(Outcome, Article)>,
    overruled: BTreeSet<usize>,
}

impl State {
    fn new(settings: &Settings) -> Result<State, RefereeError> {
        let game = start_game(settings);
        let clock = Clock::new(settings.time.clone()).map_err(clock_err)?;
        Ok(State {
            phase: Phase::Setup,
            game,
            clock,
            black: None,
            assigned_black: None,
            nigiri: None,
            started_at: None,
            absent: [false; 2],
            paused: false,
            end_proposed_by: None,
            warnings: [0; 2],
            offences: Vec::new(),
            last_captures: [None; 2],
            colours_ruled: false,
            lost_turn_requested: [false; 2],
            marking: Vec::new(),
            marking_accepted: [false; 2],
            count: None,
            result: None,
            counted: false,
            flag_result: false,
            confirmations: [false; 3],
            confirmed: None,
            corrections: Vec::new(),
            overruled: BTreeSet::new(),
        })
    }
}

impl Referee {
    /// A game not yet begun. Refused if the time control cannot run, or the settings break a
    /// rule ([`Settings::check`]: a lost turn on timeout without byo-yomi, Art. 22.5).
    pub fn new(settings: Settings) -> Result<Referee, RefereeError> {
        settings.check()?;
        Referee::with_settings_as_kept(settings)
    }

    /// A game not yet begun, its settings taken as kept: only what the clock needs to run is
    /// checked.
    fn with_settings_as_kept(settings: Settings) -> Result<Referee, RefereeError> {
        let state = State::new(&settings)?;
        Ok(Referee {
            settings,
            events: Vec::new(),
            effects: Vec::new(),
            state,
        })
    }

    /// The game that `events` record, applied one by one; the first refused event stops it.
    /// The settings are checked as by [`Referee::new`] (a refusal is reported at index 0): a new
    /// game with its opening events goes through here.
    pub fn replay(settings: Settings, events: &[Event]) -> Result<Referee, ReplayError> {
        let r = Referee::new(settings).map_err(|error| ReplayError { index: 0, error })?;
        r.replay_onto(events)
    }

    /// A stored game: [`Referee::replay`] with the settings as they were kept, not checked as
    /// a new game's are ([`Settings::check`]), since a check can be newer than a game. A game
    /// stored with a lost turn on timeout under Fischer time (accepted before Art. 22.5 was
    /// checked) still loads; the clock never allows the lost turn there, so it changes
    /// nothing. Every event is still checked as it is applied.
    pub fn restore(settings: Settings, events: &[Event]) -> Result<Referee, ReplayError> {
        let r = Referee::with_settings_as_kept(settings).map_err(|error| ReplayError { index: 0, error })?;
        r.replay_onto(events)
    }

    fn replay_onto(mut self, events: &[Event]) -> Result<Referee, ReplayError> {
        for (index, e) in events.iter().enumerate() {
            self.apply(e.clone()).map_err(|error| ReplayError { index, error })?;
        }
        Ok(self)
    }

    /// Applies `event`: appends it to the record and returns what it did, or refuses it with
    /// the rule it breaks, in which case nothing changes and nothing is recorded.
    pub fn apply(&mut self, event: Event) -> Result<Vec<Effect>, RefereeError> {
        if let Some(last) = self.events.last()
            && event.at < last.at
        {
            return Err(RefereeError::OutOfOrder {
                last: last.at,
                at: event.at,
            });
        }
        let mut next = self.state.clone();
        let effects = step(&self.settings, &self.events, &mut next, &event)?;
        self.state = next;
        self.events.push(event);
        self.effects.push(effects.clone());
        Ok(effects)
    }

    /// The settings the game was created with.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The record: every applied event, in order, overruled ones included.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// What each event of the record did when it was applied (index as [`Referee::events`]).
    pub fn effects(&self) -> &[Vec<Effect>] {
        &self.effects
    }

    /// The summary of the event at `index` ([`crate::summary()`]), for SGF comments and
    /// consoles; `None` past the end of the record.
    pub fn summary(&self, index: usize) -> Option<crate::Summary> {
        let event = self.events.get(index)?;
        Some(crate::summary(&self.settings, event, &self.effects[index]))
    }

    /// Indices of the events the chief referee overruled.
    pub fn overruled(&self) -> &BTreeSet<usize> {
        &self.state.overruled
    }

    /// Where the game stands.
    pub fn phase(&self) -> Phase {
        self.state.phase
    }

    /// Art. 22.1: whether `side` was absent at the start and has not arrived yet.
    pub fn is_absent(&self, side: Color) -> bool {
        self.state.absent[side.index()]
    }

    /// The game under the rules of play: board, history (lost turns are passes in it), side
    /// to move.
    pub fn game(&self) -> &Game {
        &self.state.game
    }

    /// The clock.
    pub fn clock(&self) -> &Clock {
        &self.state.clock
    }

    /// Both clocks at `at` (Art. 16.2: the time query).
    pub fn clock_at(&self, at: Instant) -> ClockState {
        self.state.clock.state(at)
    }

    /// The side to move.
    pub fn to_move(&self) -> Color {
        self.state.game.to_move()
    }

    /// Whether the clocks are stopped for a pause (Art. 14).
    pub fn is_paused(&self) -> bool {
        self.state.paused
    }

    /// The side that proposed the end and passed, while the opponent has not answered
    /// (Art. 21.1).
    pub fn end_proposed_by(&self) -> Option<Color> {
        self.state.end_proposed_by
    }

    /// Warnings per side in this game (index by `Color::index`); each costs a stone at
    /// counting (Art. 24.1).
    pub fn warnings(&self) -> [u32; 2] {
        self.state.warnings
    }

    /// Who holds `color` now ([`None`] before the colours are settled).
    pub fn seat_of(&self, color: Color) -> Option<Seat> {
        self.state
            .black
            .map(|b| if color == Color::Black { b } else { b.other() })
    }

    /// Who the event assigned `color` to: what pairing uses, even when the colours stood
    /// wrong after move 10 (Art. 17.1).
    pub fn assigned_seat_of(&self, color: Color) -> Option<Seat> {
        self.state
            .assigned_black
            .map(|b| if color == Color::Black { b } else { b.other() })
    }

    /// The nigiri that settled the colours, if one did.
    pub fn nigiri(&self) -> Option<Nigiri> {
        self.state.nigiri
    }

    /// The current marking of dead stones (Art. 8), sorted.
    pub fn marking(&self) -> &[Point] {
        &self.state.marking
    }

    /// Which players accepted the current marking (index by `Color::index`).
    pub fn marking_accepted(&self) -> [bool; 2] {
        self.state.marking_accepted
    }

    /// The count, once the game was counted.
    pub fn count(&self) -> Option<&Count> {
        self.state.count.as_ref()
    }

    /// Art. 16.4: whether a recount may be asked for now — the result was reached by
    /// counting and is not confirmed yet (a resignation, a loss on time or a ruling has
    /// nothing to recount).
    pub fn may_recount(&self) -> bool {
        self.state.phase == Phase::Decided && self.state.counted
    }

    /// The result as it stands: the latest chief-referee correction, else the result
    /// reached (confirmed or not).
    pub fn result(&self) -> Option<Outcome> {
        match self.state.corrections.last() {
            Some((o, _)) => Some(*o),
            None => self.state.result,
        }
    }

    /// The result as both players and a referee confirmed it; never changes once set
    /// (Art. 16.4).
    pub fn confirmed_result(&self) -> Option<Outcome> {
        self.state.confirmed
    }

    /// Who has confirmed the result so far (Art. 16.4): Black, White, a referee.
    pub fn confirmations(&self) -> [bool; 3] {
        self.state.confirmations
    }

    /// Who has still to confirm the decided result before it is final (Art. 16.4): the
    /// players who have not, then [`Actor::Referee`] when the settings ask for a referee
    /// ([`crate::Confirmation`]) and none has confirmed. Empty before there is a result, and
    /// once it is final.
    pub fn awaiting_confirmation(&self) -> Vec<Actor> {
        awaiting(&self.settings, &self.state)
    }

    /// The chief referee's corrections of the confirmed result, in order, with their articles.
    pub fn corrections(&self) -> &[(Outcome, Article)] {
        &self.state.corrections
    }

    /// The machine's proposal of dead stones (Art. 8: the machine only proposes), for a
    /// [`Action::MarkDead`] by [`Actor::System`] as the initial marking.
    pub fn machine_marking(&self) -> Vec<Point> {
        self.machine_proposal().dead
    }

    /// The machine's whole proposal: the dead stones of [`Referee::machine_marking`], the
    /// chains it is unsure of (never in the marking) and every chain's status with its reason.
    pub fn machine_proposal(&self) -> Proposal {
        let g = &self.state.game;
        propose_dead(g.board(), g.to_move(), &ProposalSettings::default())
    }

    /// What the clock announces next after `after` (a byo-yomi call or the flag), so a
    /// server can sleep until then; `None` when no clock runs.
    pub fn next_clock_event(&self, after: Instant) -> Option<clock::Event> {
        if self.state.phase != Phase::Play {
            return None;
        }
        self.state.clock.next_event(after)
    }
}

// ----- the fold -----

fn start_game(settings: &Settings) -> Game {
    if settings.handicap.is_empty() {
        Game::new(settings.rules)
    } else {
        Game::with_handicap(settings.rules, &settings.handicap)
    }
}

fn clock_err(e: ClockError) -> RefereeError {
    RefereeError::Clock(e)
}

/// Whether `actor` may take `action` at all, whatever the state of the game (Art. 29–31:
/// players act for their own colour, referees rule, the chief referee alone adjudicates,
/// overrules and corrects); refused with [`RefereeError::NotPermitted`] naming who may.
/// [`Referee::apply`] checks it first; a console asks it to offer only what a role can do
/// (a referee is never offered a player's lost turn of Art. 22.5).
pub fn permit(actor: Actor, action: &Action) -> Result<(), RefereeError> {
    use Actor::*;
    let official = matches!(actor, Referee | ChiefReferee | System);
    let referee = matches!(actor, Referee | ChiefReferee);
    let player = matches!(actor, Player(_));
    let (ok, name, allowed, article) = match action {
        Action::Colours(_) => (official, "settle the colours", "a referee or the system", art::COLOURS),
        Action::Start { .. } => (official, "start the game", "a referee or the system", art::REFEREE),
        // The instant a seat was taken earlier is the software's record (a seat link
        // opened), never a player's word.
        Action::Arrive { seated: Some(_), .. } => (
            actor == System,
            "record an earlier arrival",
            "the system",
            art::LATENESS,
        ),
        Action::Arrive { side, .. } => (
            official || actor == Player(*side),
            "record an arrival",
            "the player themself, a referee or the system",
            art::LATENESS,
        ),
        Action::LateForfeit { .. } => (
            official,
            "rule a lateness forfeit",
            "a referee or the system",
            art::LATENESS,
        ),
        Action::Play(_) => (player, "play", "a player, for their own colour", art::ALTERNATION),
        Action::ProposeEnd => (
            player,
            "propose the end",
            "a player, for their own colour",
            art::END_PROPOSED,
        ),
        Action::AcceptEnd => (
            player,
            "accept the end",
            "a player, for their own colour",
            art::END_DECLARED,
        ),
        Action::Resign => (player, "resign", "a player, for their own colour", Article::new(7, 2)),
        Action::RequestLostTurn => (player, "ask for a lost turn on timeout", "a player", art::TIMEOUT),
        Action::MarkDead(_) => (
            player || official,
            "mark dead stones",
            "a player, a referee or the system",
            art::LIFE_AND_DEATH,
        ),
        Action::AcceptMarking => (player, "accept a marking", "a player", art::LIFE_AND_DEATH),
        Action::Dispute { .. } => (
            player || referee,
            "dispute life and death",
            "a player or a referee",
            art::DISPUTE,
        ),
        Action::RequestRecount => (player, "ask for a recount", "a player", art::CONFIRMATION),
        // Art. 16.4: at the board the player asks the referee, who records it.
        Action::RecordRecount { .. } => (
            referee,
            "record a player's request for a recount",
            "a referee",
            art::CONFIRMATION,
        ),
        Action::Confirm => (
            player || referee,
            "confirm the result",
            "the players and a referee",
            art::CONFIRMATION,
        ),
        Action::Pause => (official, "pause the clocks", "a referee or the system", art::PAUSE),
        Action::Resume => (official, "resume the clocks", "a referee or the system", art::PAUSE),
        Action::Flag { .. } => (official, "record a flag", "a referee or the system", art::TIMEOUT),
        Action::Ruling(_) => (referee, "give a ruling", "a referee", art::REFEREE),
        Action::ClockCorrection(_) => (referee, "correct the clocks", "a referee", art::CLOCK_ERROR),
        Action::Adjudicate { .. } => (
            actor == ChiefReferee,
            "adjudicate",
            "the chief referee",
            art::CHIEF_REFEREE,
        ),
        Action::Overrule { .. } => (
            actor == ChiefReferee,
            "overrule a ruling",
            "the chief referee",
            art::CHIEF_REFEREE,
        ),
        Action::Correct { .. } => (
            actor == ChiefReferee,
            "correct a result",
            "the chief referee",
            art::CHIEF_REFEREE,
        ),
    };
    if ok {
        Ok(())
    } else {
        Err(RefereeError::NotPermitted {
            actor,
            action: name,
            allowed,
            article,
        })
    }
}

/// The player's colour, for actions only a player takes ([`permit`] has checked).
fn player_side(actor: Actor) -> Color {
    match actor {
        Actor::Player(c) => c,
        // permit() lets only players through to the callers of this function.
        _ => Color::Black,
    }
}

/// Applies one event to `st`. `prior` is the record before it (for an overrule's refold).
/// The actor is checked first ([`permit`]); then one function per action applies it.
fn step(settings: &Settings, prior: &[Event], st: &mut State, ev: &Event) -> Result<Vec<Effect>, RefereeError> {
    permit(ev.actor, &ev.action)?;
    let at = ev.at;
    let mut fx = Vec::new();
    let out = &mut fx;
    match &ev.action {
        Action::Colours(choice) => settle_colours(settings, st, *choice, out)?,
        Action::Start { late } => start(st, late, at, out)?,
        Action::Arrive { side, seated } => arrive(settings, st, *side, seated.unwrap_or(at), at, out)?,
        Action::LateForfeit { side } => late_forfeit(settings, st, *side, at, out)?,
        Action::Play(mv) => play_move(st, player_side(ev.actor), *mv, at, out)?,
        Action::ProposeEnd => propose_end(st, player_side(ev.actor), at, out)?,
        Action::AcceptEnd => accept_end(st, player_side(ev.actor), at, out)?,
        Action::Resign => resign(st, player_side(ev.actor), at, out)?,
        Action::RequestLostTurn => request_lost_turn(settings, st, player_side(ev.actor), at, out)?,
        Action::MarkDead(points) => mark_dead(st, ev.actor, points, out)?,
        Action::AcceptMarking => accept_marking(st, player_side(ev.actor), at, out)?,
        Action::Dispute { claims_dead } => dispute(st, *claims_dead, at, out)?,
        Action::RequestRecount | Action::RecordRecount { .. } => open_recount(st, out)?,
        Action::Confirm => confirm(settings, st, ev.actor, out)?,
        Action::Pause => pause(st, at, out)?,
        Action::Resume => resume(st, at, out)?,
        Action::Flag { side } => flag(settings, st, *side, at, out)?,
        Action::Ruling(r) => ruling(settings, st, r, at, out)?,
        Action::ClockCorrection(fix) => correct_clocks(st, *fix, at, out)?,
        Action::Adjudicate { outcome, .. } => adjudicate(st, *outcome, at, out)?,
        Action::Overrule { event } => overrule(settings, prior, st, *event, out)?,
        Action::Correct { outcome, .. } => correct(st, *outcome, ev.action_article(), out)?,
    }
    Ok(fx)
}

/// Art. 10: the colours, drawn by the pairing or by nigiri (the tournament crate's one
/// implementation).
fn settle_colours(
    settings: &Settings,
    st: &mut State,
    choice: ColourChoice,
    fx: &mut Vec<Effect>,
) -> Result<(), RefereeError> {
    if st.phase != Phase::Setup {
        return Err(RefereeError::AlreadyStarted);
    }
    if st.black.is_some() {
        return Err(RefereeError::ColoursSettled);
    }
    let (black, n) = match choice {
        ColourChoice::Draw { black } => (black, None),
        ColourChoice::Nigiri { seed } => {
            let n = nigiri::seeded(settings.players.each_ref().map(Player::seniority), seed);
            (Seat::of_index(n.black), Some(n))
        }
        ColourChoice::NigiriCounted { held, guess } => {
            let n = nigiri::counted(settings.players.each_ref().map(Player::seniority), held, guess);
            (Seat::of_index(n.black), Some(n))
        }
    };
    st.black = Some(black);
    st.assigned_black = Some(black);
    st.nigiri = n;
    fx.push(Effect::Colours { black, nigiri: n });
    Ok(())
}

/// The game starts: the clock of the side to move runs; the sides absent are recorded
/// (Art. 22.1).
fn start(st: &mut State, late: &[Color], at: Instant, fx: &mut Vec<Effect>) -> Result<(), RefereeError> {
    if st.phase != Phase::Setup {
        return Err(RefereeError::AlreadyStarted);
    }
    if st.black.is_none() {
        return Err(RefereeError::NoColours);
    }
    let to_move = st.game.to_move();
    st.clock.start(at, to_move).map_err(clock_err)?;
    st.started_at = Some(at);
    for c in late {
        st.absent[c.index()] = true;
    }
    st.phase = Phase::Play;
    fx.push(Effect::Started { to_move });
    Ok(())
}

/// Art. 22.1: a side absent past the event's limit loses the game.
fn late_forfeit(
    settings: &Settings,
    st: &mut State,
    side: Color,
    at: Instant,
    fx: &mut Vec<Effect>,
) -> Result<(), RefereeError> {
    require_started(st)?;
    if !st.absent[side.index()] {
        return Err(RefereeError::NotAbsent { side });
    }
    let limit = settings.lateness.forfeit_after.ok_or(RefereeError::NoLateLimit)?;
    let late = at.since(late_from(settings, st, at));
    if late <= limit {
        return Err(RefereeError::WithinLateLimit { late, limit });
    }
    forfeit(st, side, at, fx)
}

/// A move (or a pass) by the side to move; its clock is pressed first.
fn play_move(st: &mut State, side: Color, mv: Move, at: Instant, fx: &mut Vec<Effect>) -> Result<(), RefereeError> {
    require_move(st, side)?;
    press(st, side, at)?;
    play(st, side, mv, fx)?;
    if st.phase == Phase::Play {
        st.end_proposed_by = None;
    }
    after_move(st, at, fx)
}

/// Art. 21.1: the side to move proposes the end and gives up its move.
fn propose_end(st: &mut State, side: Color, at: Instant, fx: &mut Vec<Effect>) -> Result<(), RefereeError> {
    require_move(st, side)?;
    press(st, side, at)?;
    play(st, side, Move::Pass, fx)?;
    fx.push(Effect::EndProposed { by: side });
    st.end_proposed_by = Some(side);
    after_move(st, at, fx)
}

/// Art. 13.2: the opponent answers the proposal and the end stands.
fn accept_end(st: &mut State, side: Color, at: Instant, fx: &mut Vec<Effect>) -> Result<(), RefereeError> {
    require_play(st)?;
    if st.paused {
        return Err(RefereeError::Paused);
    }
    if st.end_proposed_by != Some(side.opponent()) {
        return Err(RefereeError::NoEndProposed);
    }
    st.game.agree_end().map_err(RefereeError::Illegal)?;
    play_over(st, at, fx)
}

/// Art. 7.2: a side resigns, in play or while counting.
fn resign(st: &mut State, side: Color, at: Instant, fx: &mut Vec<Effect>) -> Result<(), RefereeError> {
    match st.phase {
        Phase::Play | Phase::Counting => {}
        _ => require_play(st)?,
    }
    let outcome = Outcome::Win {
        winner: side.opponent(),
        by: WinBy::Resignation,
    };
    decide(st, outcome, at, fx)
}

/// Art. 22.5: a player asks for a lost turn instead of a loss on time.
fn request_lost_turn(
    settings: &Settings,
    st: &mut State,
    side: Color,
    at: Instant,
    fx: &mut Vec<Effect>,
) -> Result<(), RefereeError> {
    if !settings.lost_turn_on_timeout {
        return Err(RefereeError::LostTurnNotAllowed);
    }
    st.lost_turn_requested[side.index()] = true;
    fx.push(Effect::LostTurnRequested { side });
    // Art. 22.5: asked right after the flag decided the game, the loss becomes a lost turn
    // ("改判弃权一次").
    let lost_on_time = Some(Outcome::Win {
        winner: side.opponent(),
        by: WinBy::Time,
    });
    if st.phase == Phase::Decided && st.flag_result && st.result == lost_on_time && st.confirmations == [false; 3] {
        lose_turn_on_timeout(st, side, at, fx)
    } else {
        require_play(st)
    }
}

/// Art. 8: the dead stones as one side (or an official) marks them; a player's own marking is
/// their acceptance of it.
fn mark_dead(st: &mut State, actor: Actor, points: &[Point], fx: &mut Vec<Effect>) -> Result<(), RefereeError> {
    require_counting(st)?;
    let board = st.game.board();
    for &p in points {
        if !board.on_board(p) || board.get(p).is_none() {
            return Err(RefereeError::NotAStone {
                point: p,
                size: board.size(),
            });
        }
    }
    let mut dead = points.to_vec();
    dead.sort();
    dead.dedup();
    st.marking = dead.clone();
    st.marking_accepted = match actor {
        Actor::Player(c) => [c == Color::Black, c == Color::White],
        _ => [false; 2],
    };
    fx.push(Effect::Marking { dead });
    Ok(())
}

/// Art. 8, 9: a side accepts the marking; when both have, the position is counted, with the
/// warnings (Art. 24.1).
fn accept_marking(st: &mut State, side: Color, at: Instant, fx: &mut Vec<Effect>) -> Result<(), RefereeError> {
    require_counting(st)?;
    st.marking_accepted[side.index()] = true;
    fx.push(Effect::MarkingAccepted { side });
    if st.marking_accepted == [true; 2] {
        let outcome = count_outcome(st);
        decide(st, outcome, at, fx)?;
        st.counted = true;
    }
    Ok(())
}

/// Art. 21.4: a dispute over life and death is settled by play, the side claiming "dead"
/// first, its clock running.
fn dispute(st: &mut State, claims_dead: Color, at: Instant, fx: &mut Vec<Effect>) -> Result<(), RefereeError> {
    match st.phase {
        Phase::Counting => {}
        Phase::Play => return Err(RefereeError::NotCounting),
        Phase::Decided if st.counted => return Err(RefereeError::EndAgreed),
        _ => require_counting(st)?,
    }
    st.game.resume(claims_dead).map_err(RefereeError::Illegal)?;
    st.clock.resume_as(at, claims_dead).map_err(clock_err)?;
    st.phase = Phase::Play;
    st.marking.clear();
    st.marking_accepted = [false; 2];
    st.end_proposed_by = None;
    fx.push(Effect::PlayResumed { to_move: claims_dead });
    Ok(())
}

/// Art. 16.4: before confirmation, a counted result is examined again.
fn open_recount(st: &mut State, fx: &mut Vec<Effect>) -> Result<(), RefereeError> {
    match st.phase {
        Phase::Decided if st.counted => {}
        Phase::Decided => return Err(RefereeError::NothingToRecount),
        Phase::Final => return Err(RefereeError::Confirmed),
        _ => return Err(RefereeError::NoResult),
    }
    st.phase = Phase::Counting;
    st.result = None;
    st.count = None;
    st.counted = false;
    st.marking_accepted = [false; 2];
    st.confirmations = [false; 3];
    fx.push(Effect::RecountOpened);
    Ok(())
}

/// Art. 16.4: the result is final once both players and the referee confirm it (or both
/// players, where the game's settings let their agreement stand: [`Confirmation::Players`]).
fn confirm(settings: &Settings, st: &mut State, actor: Actor, fx: &mut Vec<Effect>) -> Result<(), RefereeError> {
    match st.phase {
        Phase::Decided => {}
        Phase::Final => return Err(RefereeError::Confirmed),
        _ => return Err(RefereeError::NoResult),
    }
    let i = match actor {
        Actor::Player(c) => c.index(),
        _ => 2,
    };
    if st.confirmations[i] {
        return Err(RefereeError::AlreadyConfirmed { actor });
    }
    st.confirmations[i] = true;
    fx.push(Effect::ConfirmedBy(actor));
    if awaiting(settings, st).is_empty() {
        let outcome = st.result.ok_or(RefereeError::NoResult)?;
        st.confirmed = Some(outcome);
        st.phase = Phase::Final;
        fx.push(Effect::Final(outcome));
    }
    Ok(())
}

/// Who has still to confirm the decided result (Art. 16.4): Black, White, then a referee
/// when the settings ask for one; nobody before there is a result or once it is final.
fn awaiting(settings: &Settings, st: &State) -> Vec<Actor> {
    if st.phase != Phase::Decided {
        return Vec::new();
    }
    let mut who: Vec<Actor> = [Color::Black, Color::White]
        .into_iter()
        .filter(|c| !st.confirmations[c.index()])
        .map(Actor::Player)
        .collect();
    if settings.confirmation == Confirmation::PlayersAndReferee && !st.confirmations[2] {
        who.push(Actor::Referee);
    }
    who
}

/// Art. 14: the clocks are stopped.
fn pause(st: &mut State, at: Instant, fx: &mut Vec<Effect>) -> Result<(), RefereeError> {
    require_play(st)?;
    if st.paused {
        return Err(RefereeError::Paused);
    }
    st.clock.pause(at).map_err(clock_err)?;
    st.paused = true;
    fx.push(Effect::Paused);
    Ok(())
}

/// Art. 22.1: after a pause the clocks simply run; no lateness rules apply.
fn resume(st: &mut State, at: Instant, fx: &mut Vec<Effect>) -> Result<(), RefereeError> {
    require_play(st)?;
    if !st.paused {
        return Err(RefereeError::NotPaused);
    }
    st.clock.resume(at).map_err(clock_err)?;
    st.paused = false;
    fx.push(Effect::Resumed);
    Ok(())
}

/// Art. 12.4: a side's flag falls and it loses on time, or (Art. 22.5) loses a turn instead
/// if the event allows it, the player asked, and the flag fell in the last byo-yomi period.
fn flag(
    settings: &Settings,
    st: &mut State,
    side: Color,
    at: Instant,
    fx: &mut Vec<Effect>,
) -> Result<(), RefereeError> {
    require_play(st)?;
    let timeout = st.clock.observe(at).map_err(clock_err)?;
    match timeout {
        Some(t) if t.color == side => {
            if settings.lost_turn_on_timeout && st.lost_turn_requested[side.index()] && t.lost_turn_allowed {
                lose_turn_on_timeout(st, side, at, fx)
            } else {
                let outcome = Outcome::Win {
                    winner: side.opponent(),
                    by: WinBy::Time,
                };
                decide(st, outcome, at, fx)?;
                st.flag_result = true;
                Ok(())
            }
        }
        _ => Err(RefereeError::TimeLeft { side }),
    }
}

/// Art. 22.8: a referee corrects the clocks after a clock error.
fn correct_clocks(st: &mut State, fix: ClockFix, at: Instant, fx: &mut Vec<Effect>) -> Result<(), RefereeError> {
    match st.phase {
        Phase::Play | Phase::Counting => {}
        _ => require_play(st)?,
    }
    let c = match fix {
        ClockFix::Proportion { true_total } => st.clock.correct_in_proportion(at, true_total),
        ClockFix::SetUsed { black, white } => st.clock.set_used(at, black, white),
        ClockFix::SplitEvenly { total } => st.clock.split_evenly(at, total),
    }
    .map_err(clock_err)?;
    fx.push(Effect::ClockCorrected(c));
    Ok(())
}

/// Art. 13.1: an adjudicated result ends the game.
fn adjudicate(st: &mut State, outcome: Outcome, at: Instant, fx: &mut Vec<Effect>) -> Result<(), RefereeError> {
    if st.phase == Phase::Final {
        return Err(RefereeError::Confirmed);
    }
    decide(st, outcome, at, fx)
}

/// Art. 30: the chief referee overrules an official's ruling, flag or lateness forfeit; the
/// record is folded again without it.
fn overrule(
    settings: &Settings,
    prior: &[Event],
    st: &mut State,
    index: usize,
    fx: &mut Vec<Effect>,
) -> Result<(), RefereeError> {
    let target = prior.get(index).ok_or(RefereeError::NoSuchEvent { index })?;
    let overrulable = !matches!(target.actor, Actor::Player(_))
        && matches!(
            target.action,
            Action::Ruling(_) | Action::Flag { .. } | Action::LateForfeit { .. }
        );
    if !overrulable {
        return Err(RefereeError::NotOverrulable { index });
    }
    if st.overruled.contains(&index) {
        return Err(RefereeError::AlreadyOverruled { index });
    }
    if st.phase == Phase::Final {
        return Err(RefereeError::Confirmed);
    }
    let mut overruled = st.overruled.clone();
    overruled.insert(index);
    *st = fold(settings, prior, &overruled).map_err(|(i, e)| RefereeError::OverruleBreaks {
        index: i,
        error: Box::new(e),
    })?;
    fx.push(Effect::Overruled { event: index });
    Ok(())
}

/// Art. 16.4: a confirmed result is never edited; the correction is a new entry.
fn correct(st: &mut State, outcome: Outcome, article: Article, fx: &mut Vec<Effect>) -> Result<(), RefereeError> {
    if st.phase != Phase::Final {
        return Err(RefereeError::NotConfirmed);
    }
    st.corrections.push((outcome, article));
    fx.push(Effect::Corrected(outcome));
    Ok(())
}

/// The state `events` fold into, skipping the `overruled` ones (and the overrules, whose
/// whole effect is that set).
fn fold(settings: &Settings, events: &[Event], overruled: &BTreeSet<usize>) -> Result<State, (usize, RefereeError)> {
    let mut st = State::new(settings).map_err(|e| (0, e))?;
    st.overruled = overruled.clone();
    for (i, e) in events.iter().enumerate() {
        if overruled.contains(&i) || matches!(e.action, Action::Overrule { .. }) {
            continue;
        }
        step(settings, &events[..i], &mut st, e).map_err(|err| (i, err))?;
    }
    Ok(st)
}

fn require_started(st: &State) -> Result<(), RefereeError> {
    match st.phase {
        Phase::Setup => Err(RefereeError::NotStarted),
        Phase::Final => Err(RefereeError::Confirmed),
        _ => Ok(()),
    }
}

/// A point named in a ruling must be on the board (a record with a point off it is refused,
/// as a move there would be).
fn require_on_board(st: &State, p: Point) -> Result<(), RefereeError> {
    if st.game.board().on_board(p) {
        Ok(())
    } else {
        Err(RefereeError::Illegal(IllegalMove::OffBoard))
    }
}

fn require_play(st: &State) -> Result<(), RefereeError> {
    match st.phase {
        Phase::Play => Ok(()),
        Phase::Setup => Err(RefereeError::NotStarted),
        Phase::Counting => Err(RefereeError::PlayOver),
        Phase::Decided => Err(RefereeError::HasResult),
        Phase::Final => Err(RefereeError::Confirmed),
    }
}

/// Rulings on what happened at the board may come while play is on or while the dead
/// stones are settled (the last move's violation is often noticed then).
fn require_play_or_counting(st: &State) -> Result<(), RefereeError> {
    match st.phase {
        Phase::Counting => Ok(()),
        _ => require_play(st),
    }
}

fn require_counting(st: &State) -> Result<(), RefereeError> {
    match st.phase {
        Phase::Counting => Ok(()),
        Phase::Play => Err(RefereeError::NotCounting),
        Phase::Setup => Err(RefereeError::NotStarted),
        Phase::Decided => Err(RefereeError::HasResult),
        Phase::Final => Err(RefereeError::Confirmed),
    }
}

/// Checks that `side` may move now: in play, not paused, present, its turn.
fn require_move(st: &State, side: Color) -> Result<(), RefereeError> {
    require_play(st)?;
    if st.paused {
        return Err(RefereeError::Paused);
    }
    if st.absent[side.index()] {
        return Err(RefereeError::Absent { side });
    }
    // Art. 2.3: the sides alternate (a second move in a row is Art. 17.2's matter).
    if st.game.to_move() != side {
        return Err(RefereeError::NotYourTurn { side });
    }
    Ok(())
}

/// `side` presses the clock at `at`; refused if its flag had fallen before.
fn press(st: &mut State, side: Color, at: Instant) -> Result<(), RefereeError> {
    match st.clock.press(at, side).map_err(clock_err)? {
        Pressed::Moved(_) => Ok(()),
        // Art. 12.3, 12.4: the time was gone before the stone landed; the flag is recorded by
        // a Flag event.
        Pressed::TimedOut(_) => Err(RefereeError::OutOfTime { side }),
    }
}

/// Plays `mv` for `side` through the rules engine.
fn play(st: &mut State, side: Color, mv: Move, fx: &mut Vec<Effect>) -> Result<(), RefereeError> {
    let played = st.game.play_as(side, mv).map_err(RefereeError::Illegal)?;
    match mv {
        Move::Play(point) => {
            st.last_captures[side.index()] = Some(played.captures);
            fx.push(Effect::Placed {
                side,
                point,
                captures: played.captures,
            });
        }
        Move::Pass => {
            st.last_captures[side.index()] = Some(0);
            fx.push(Effect::Passed { side });
        }
    }
    Ok(())
}

/// After a move: two passes end play (Art. 7.3); a cycle ends the game under the event's
/// policy (Art. 20.3).
fn after_move(st: &mut State, at: Instant, fx: &mut Vec<Effect>) -> Result<(), RefereeError> {
    match st.game.end() {
        Some(GameEnd::TwoPasses) => play_over(st, at, fx),
        Some(GameEnd::Cycle(policy)) => {
            let outcome = match policy {
                CyclePolicy::Draw => Outcome::Draw,
                CyclePolicy::Replay => Outcome::Replay,
                CyclePolicy::NoResult | CyclePolicy::Forbid => Outcome::NoResult,
            };
            decide(st, outcome, at, fx)
        }
        _ => Ok(()),
    }
}

/// Play is over: the clocks stop (for a dispute they may run again) and counting begins.
fn play_over(st: &mut State, at: Instant, fx: &mut Vec<Effect>) -> Result<(), RefereeError> {
    stop_clock(st, at)?;
    st.phase = Phase::Counting;
    st.end_proposed_by = None;
    st.marking.clear();
    st.marking_accepted = [false; 2];
    fx.push(Effect::PlayOver);
    Ok(())
}

/// Stops the running clock with a pause, so that a dispute (Art. 21.4) can start it again.
fn stop_clock(st: &mut State, at: Instant) -> Result<(), RefereeError> {
    if let ClockPhase::Running(_) = st.clock.state(at).phase {
        st.clock.pause(at).map_err(clock_err)?;
    }
    st.paused = false;
    Ok(())
}

/// The game has a result (not yet confirmed).
fn decide(st: &mut State, outcome: Outcome, at: Instant, fx: &mut Vec<Effect>) -> Result<(), RefereeError> {
    stop_clock(st, at)?;
    st.result = Some(outcome);
    st.counted = false;
    st.flag_result = false;
    // A changed result must be confirmed afresh (Art. 16.4).
    st.confirmations = [false; 3];
    st.phase = Phase::Decided;
    st.end_proposed_by = None;
    fx.push(Effect::Result(outcome));
    Ok(())
}

/// The outcome of counting the board with the current marking and warnings.
fn count_outcome(st: &mut State) -> Outcome {
    let count = st.game.count(&st.marking, st.warnings);
    let outcome = match count.winner() {
        Some(winner) => Outcome::Win {
            winner,
            by: WinBy::Points(rules::HalfPoints(count.margin.0.abs())),
        },
        None => Outcome::Draw,
    };
    st.count = Some(count);
    outcome
}

/// A warning to `side` (Art. 24): a stone at counting; the second in the game loses it.
fn warn(st: &mut State, side: Color, article: Article, at: Instant, fx: &mut Vec<Effect>) -> Result<(), RefereeError> {
    st.warnings[side.index()] += 1;
    let total = st.warnings[side.index()];
    fx.push(Effect::Warning { side, article, total });
    let open = st.result.is_none() || st.counted;
    if total >= 2 && open {
        // Art. 24.2: two warnings in one game lose it.
        decide(
            st,
            Outcome::Win {
                winner: side.opponent(),
                by: WinBy::Warnings,
            },
            at,
            fx,
        )?;
    } else if st.counted {
        // Art. 24.1: a warning after counting changes the count.
        let outcome = count_outcome(st);
        st.result = Some(outcome);
        st.confirmations = [false; 3];
        fx.push(Effect::Result(outcome));
    }
    Ok(())
}

/// `side` forfeits for lateness (Art. 22.1–2); if the opponent forfeited already, both lose
/// (Art. 22.3).
fn forfeit(st: &mut State, side: Color, at: Instant, fx: &mut Vec<Effect>) -> Result<(), RefereeError> {
    let opponent_forfeited = st.result
        == Some(Outcome::Win {
            winner: side,
            by: WinBy::Forfeit,
        });
    let outcome = if opponent_forfeited {
        Outcome::BothLose
    } else {
        require_play(st)?;
        Outcome::Win {
            winner: side.opponent(),
            by: WinBy::Forfeit,
        }
    };
    decide(st, outcome, at, fx)
}

/// Art. 22.1: lateness is counted from the scheduled start — the event's, when the game
/// started after it (`Lateness::since`), else the game's own start.
fn late_from(settings: &Settings, st: &State, at: Instant) -> Instant {
    settings.lateness.since.or(st.started_at).unwrap_or(at)
}

/// Art. 22.1: a late player arrives; they sat down at `seated` (at most `at`, the event's
/// instant), which their lateness is counted to.
fn arrive(
    settings: &Settings,
    st: &mut State,
    side: Color,
    seated: Instant,
    at: Instant,
    fx: &mut Vec<Effect>,
) -> Result<(), RefereeError> {
    require_started(st)?;
    if !st.absent[side.index()] {
        return Err(RefereeError::NotAbsent { side });
    }
    if seated > at {
        return Err(RefereeError::SeatedLater { seated, at });
    }
    let late = seated.since(late_from(settings, st, seated));
    st.absent[side.index()] = false;
    if settings.lateness.forfeit_after.is_some_and(|limit| late > limit) {
        // Art. 22.1–2: beyond the limit (the limit itself is allowed) the late player loses.
        fx.push(Effect::Arrived {
            side,
            late,
            charged: Millis::ZERO,
        });
        if st.phase == Phase::Decided
            && st.result
                != Some(Outcome::Win {
                    winner: side,
                    by: WinBy::Forfeit,
                })
        {
            // The game was decided otherwise already; nothing more to rule.
            return Ok(());
        }
        return forfeit(st, side, at, fx);
    }
    let mut charged = Millis::ZERO;
    if settings.lateness.double_charge && st.phase == Phase::Play {
        // Art. 22.1: within the limit, the lateness is charged twice.
        charged = late.saturating_mul(2);
        st.clock.charge_lateness(at, side, late).map_err(clock_err)?;
    }
    fx.push(Effect::Arrived { side, late, charged });
    Ok(())
}

/// `side` loses its turn: a pass in the record that never counts toward two passes.
fn lose_turn(st: &mut State, side: Color, article: Article, fx: &mut Vec<Effect>) -> Result<(), RefereeError> {
    st.game.play_as(side, Move::Pass).map_err(RefereeError::Illegal)?;
    // A lost turn is not a pass of Art. 7.3: it neither ends play nor counts toward it.
    st.game.resume(side.opponent()).map_err(RefereeError::Illegal)?;
    st.last_captures[side.index()] = Some(0);
    st.end_proposed_by = None;
    fx.push(Effect::TurnLost { side, article });
    Ok(())
}

/// Art. 22.5: the timeout becomes a lost turn; play goes on with the same byo-yomi.
fn lose_turn_on_timeout(st: &mut State, side: Color, at: Instant, fx: &mut Vec<Effect>) -> Result<(), RefereeError> {
    st.clock.lose_turn_instead(at).map_err(clock_err)?;
    if st.phase == Phase::Decided {
        st.result = None;
        st.flag_result = false;
        st.phase = Phase::Play;
    }
    lose_turn(st, side, art::TIMEOUT, fx)
}

/// The rulings of Ch. 3.
fn ruling(
    settings: &Settings,
    st: &mut State,
    r: &Ruling,
    at: Instant,
    fx: &mut Vec<Effect>,
) -> Result<(), RefereeError> {
    match *r {
        Ruling::WrongColours => {
            require_play(st)?;
            if st.colours_ruled {
                return Err(RefereeError::ColoursRuled);
            }
            st.colours_ruled = true;
            let moves = st.game.history().len();
            let assigned = st.assigned_black.ok_or(RefereeError::NoColours)?;
            if moves <= 10 {
                // Art. 17.1: found through move 10 (inclusive): corrected. The game starts
                // again from its start position with the assigned colours, clocks afresh.
                st.game = start_game(settings);
                let mut clock = Clock::new(st.clock.control().clone()).map_err(clock_err)?;
                clock.start(at, st.game.to_move()).map_err(clock_err)?;
                st.clock = clock;
                st.paused = false;
                st.black = Some(assigned);
                st.end_proposed_by = None;
                st.last_captures = [None; 2];
                fx.push(Effect::Restarted);
            } else {
                // Art. 17.1: after move 10 the colours stand as played; the event keeps the
                // colours it assigned for pairing.
                let black = assigned.other();
                st.black = Some(black);
                fx.push(Effect::ColoursStand { black });
            }
        }
        Ruling::SecondMove { side, point } => {
            require_play(st)?;
            require_on_board(st, point)?;
            if st.game.to_move() == side {
                return Err(RefereeError::NotASecondMove { side });
            }
            // Art. 17.2: the second move is void, with a warning.
            fx.push(Effect::Voided {
                side,
                point,
                article: art::TWO_MOVES,
            });
            warn(st, side, art::TWO_MOVES, at, fx)?;
        }
        Ruling::TakeBack { side, attempted } => {
            require_play_or_counting(st)?;
            require_on_board(st, attempted)?;
            // Art. 17.3: claimed before the opponent's next move, i.e. `side` moved last.
            if st.game.history().last().map(|e| e.color) != Some(side) {
                return Err(RefereeError::TakeBackTooLate { side });
            }
            warn(st, side, art::TAKE_BACK, at, fx)?;
        }
        Ruling::ClockPressedEarly { side } => {
            require_play_or_counting(st)?;
            // Art. 17.4: a warning; the clock reading stays.
            warn(st, side, art::CLOCK_EARLY, at, fx)?;
        }
        Ruling::LiveStonesRemoved { side } => {
            require_play_or_counting(st)?;
            // Art. 18.1: a warning; the stones go back (the record never removed them).
            warn(st, side, art::LIVE_STONES_REMOVED, at, fx)?;
        }
        Ruling::CapturesNotRemoved { side, clock_pressed } => {
            require_play_or_counting(st)?;
            if st.last_captures[side.index()].unwrap_or(0) == 0 {
                return Err(RefereeError::NothingCaptured { side });
            }
            // Art. 18.2 (22.6 when the clock was pressed first): a warning; the stones are
            // removed (the record removed them with the move).
            let article = if clock_pressed {
                art::CAPTURES_BEFORE_CLOCK
            } else {
                art::CAPTURES_NOT_REMOVED
            };
            warn(st, side, article, at, fx)?;
        }
        Ruling::VoidMove { side, point } => {
            require_play(st)?;
            if st.paused {
                return Err(RefereeError::Paused);
            }
            if st.game.to_move() != side {
                return Err(RefereeError::NotYourTurn { side });
            }
            let article = match st.game.check(side, Move::Play(point)) {
                Ok(()) => {
                    return Err(RefereeError::MoveIsLegal {
                        point,
                        size: st.game.rules().size,
                    });
                }
                Err(IllegalMove::Ko) => art::KO_RETAKE,
                Err(IllegalMove::Suicide) => art::FORBIDDEN_POINT,
                Err(IllegalMove::Repetition) => art::REPETITION,
                Err(e) => return Err(RefereeError::NotVoidable(e)),
            };
            // The move took the player's time: the clock is pressed as for any move.
            press(st, side, at)?;
            fx.push(Effect::Voided { side, point, article });
            // Art. 18.3, 19: the move is void and the side loses its turn.
            lose_turn(st, side, article, fx)?;
            if article == art::KO_RETAKE {
                // Art. 18.3: and a warning.
                warn(st, side, article, at, fx)?;
            }
        }
        Ruling::Discipline { side, offence, penalty } => {
            require_started(st)?;
            let repeat = st.offences.iter().any(|&(c, o)| c == side && o == offence);
            let allowed = match offence {
                Offence::Cheating => matches!(penalty, Penalty::Loss | Penalty::BothLose),
                Offence::Withdrawal | Offence::PhoneLookedAt => penalty == Penalty::Loss,
                Offence::Disturbing | Offence::Consulting | Offence::Talking => {
                    matches!(penalty, Penalty::Warning | Penalty::Loss)
                }
                // Art. 23.7, 23.8: a warning the first time, a loss the next.
                Offence::PhoneSounded | Offence::Smoking => {
                    penalty == if repeat { Penalty::Loss } else { Penalty::Warning }
                }
            };
            if !allowed {
                return Err(RefereeError::PenaltyNotAllowed { offence, penalty });
            }
            st.offences.push((side, offence));
            match penalty {
                Penalty::Warning => {
                    if st.phase == Phase::Setup {
                        return Err(RefereeError::NotStarted);
                    }
                    warn(st, side, offence.article(), at, fx)?;
                }
                Penalty::Loss => {
                    decide(
                        st,
                        Outcome::Win {
                            winner: side.opponent(),
                            by: WinBy::Discipline(offence),
                        },
                        at,
                        fx,
                    )?;
                }
                Penalty::BothLose => {
                    decide(st, Outcome::BothLose, at, fx)?;
                }
            }
        }
    }
    Ok(())
}

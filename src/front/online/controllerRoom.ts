/**
 * The controller of an online room, for every front-end: it runs the room client (the network
 * comes in through its ports: the socket factory and the clock), keeps whether a key was refused
 * while input is held (the notice then says nothing was sent, until the hold is over), and hands
 * each change on as the room's model. The front-ends turn keys into its commands and draw the
 * model.
 */
import { type Hold, holdOf } from '../../net/linkWords.ts';
import { type LinkTime, systemLinkTime } from '../../net/reconnect.ts';
import {
  notSentSentence,
  RoomClient,
  type RoomClientOptions,
  type RoomView,
} from '../../net/roomClient.ts';
import type { RoomAction } from '../../net/rooms.ts';
import { type RoomModel, type RoomModelOptions, roomModel } from './modelRoom.ts';

/** The network and the clock, as the controller is given them (fakes in tests). */
export interface RoomPorts {
  readonly socket: RoomClientOptions['socket'];
  readonly time?: LinkTime;
}

export interface RoomControllerOptions
  extends Omit<RoomClientOptions, 'socket' | 'time' | 'onChange'> {
  readonly ports: RoomPorts;
  /** How the model tells a forfeit (see {@link RoomModelOptions.clock}). */
  readonly clock?: RoomModelOptions['clock'];
  /** Called after every change of the room (or of what the model says). */
  readonly onChange: (model: RoomModel) => void;
}

/** A command's answer: taken (sent), or refused with why, and whether input was held. */
export type RoomAnswer =
  | { readonly ok: true }
  | { readonly ok: false; readonly held: boolean; readonly message: string };

export class RoomController {
  private readonly client: RoomClient;
  private readonly time: LinkTime;
  private refused = false;
  private hold: Hold | null = 'connecting';

  constructor(private readonly o: RoomControllerOptions) {
    this.time = o.ports.time ?? systemLinkTime;
    this.client = new RoomClient({
      ...o,
      socket: o.ports.socket,
      time: this.time,
      onChange: (v) => {
        this.held(v);
        // (Not while the client is made: nothing is shown before it exists.)
        if (this.client) o.onChange(this.model);
      },
    });
  }

  /** The client's view (what the server said, as the client keeps it). */
  get view(): RoomView {
    return this.client.view;
  }

  /** Your seat token (null while you have none). */
  get seatToken(): string | null {
    return this.client.seatToken;
  }

  /** The room as shown now. */
  get model(): RoomModel {
    const v = this.client.view;
    this.held(v);
    return roomModel(v, { refused: this.refused, now: this.time.now(), clock: this.o.clock });
  }

  /** Plays an action of your side; while input is held, nothing is sent and the notice says so. */
  act(action: RoomAction): RoomAnswer {
    const held = this.refuseHeld();
    if (held) return held;
    const r = this.client.act(action);
    return r.ok ? { ok: true } : { ok: false, held: false, message: r.error.message };
  }

  /** Offers (or accepts) a rematch. */
  rematch(): RoomAnswer {
    const held = this.refuseHeld();
    if (held) return held;
    const r = this.client.offerRematch();
    return r.ok ? { ok: true } : { ok: false, held: false, message: r.error.message };
  }

  /** Connects again after a close (the seat taken back, or the server tried again). */
  retake(): boolean {
    return this.client.retake();
  }

  /** Leaves the room; the last view. */
  close(): RoomView {
    this.client.close();
    return this.client.view;
  }

  /** A new hold ends the refusal said of the one before. */
  private held(v: RoomView): void {
    const hold = holdOf(v);
    if (hold !== this.hold) {
      this.hold = hold;
      this.refused = false;
    }
  }

  private refuseHeld(): RoomAnswer | null {
    const v = this.client.view;
    this.held(v);
    if (this.hold === null) return null;
    this.refused = true;
    this.o.onChange(this.model);
    return { ok: false, held: true, message: notSentSentence(v) ?? '' };
  }
}

// SPDX-License-Identifier: GPL-3.0-or-later
// sandtable's harness for VASSAL's own engine (issue 44): opens a module as VASSAL's Player does, decodes every
// piece definition, starts a game (the module's at-start stacks, or a predefined set-up by name) and prints what
// VASSAL placed, one tab-separated record a line on stdout, for tests/vassal/test_vassal_engine.cpp to check:
//   module   <name> <version> <the VASSAL version the module says it was written by>
//   slot     <widget path> <entry name> <same|differs> <the definition as VASSAL encodes it again, when it differs>
//   property <entry name> <key> <value>              (the Marker properties of each slot's piece)
//   setup    <name> <file>                            (the module's predefined set-ups)
//   piece    <map> <board or deck> <x> <y> <angle> <id> <game id> <name>
//            id: the piece's sandtable_id (unit), sandtable_force (Campaign Lite force) or sandtable_card property
//            x, y: the piece's position on its board (map position less the board's origin); angle: the
//            FreeRotator's angle in degrees as VASSAL holds it (counter-clockwise, (-360, 0]); "-" without one;
//            game id: the piece's id in VASSAL's GameState (a saved game names its pieces, a new game numbers them)
//   wizard   <step>                                   (a new-game wizard step taken out, see withoutWizard)
//   done     <pieces placed>
// Usage: java SandtableVassalHarness MODULE.vmod [SET-UP NAME]; exit 0 when it ran, 1 with "error <reason>".
// Written for sandtable's tests; it calls VASSAL's public API only.

import VASSAL.Info;
import VASSAL.build.AbstractBuildable;
import VASSAL.build.AbstractConfigurable;
import VASSAL.build.Buildable;
import VASSAL.build.GameModule;
import VASSAL.build.module.GameSetupStep;
import VASSAL.build.module.GameState;
import VASSAL.build.module.Map;
import VASSAL.build.module.PredefinedSetup;
import VASSAL.build.module.map.boardPicker.Board;
import VASSAL.build.widget.PieceSlot;
import VASSAL.command.AddPiece;
import VASSAL.command.Command;
import VASSAL.counters.Deck;
import VASSAL.counters.Decorator;
import VASSAL.counters.FreeRotator;
import VASSAL.counters.GamePiece;
import VASSAL.counters.Marker;
import VASSAL.counters.Stack;
import VASSAL.launch.PlayerWindow;
import VASSAL.launch.StandardConfig;
import VASSAL.launch.StartUp;
import VASSAL.tools.DataArchive;
import VASSAL.tools.menu.MenuBarProxy;
import VASSAL.tools.menu.MenuManager;

import java.awt.Point;
import java.awt.Rectangle;
import java.io.File;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import javax.swing.JFrame;
import javax.swing.JMenuBar;
import javax.swing.SwingUtilities;

public final class SandtableVassalHarness {
  private static PrintStream out;
  private static int placed;

  private SandtableVassalHarness() {
  }

  /** One record: fields joined by tabs, tabs and line ends inside a field made spaces. */
  private static void record(String... fields) {
    final StringBuilder line = new StringBuilder();
    for (int i = 0; i < fields.length; ++i) {
      if (i > 0) {
        line.append('\t');
      }
      line.append(fields[i] == null ? "" : fields[i].replace('\t', ' ').replace('\n', ' ').replace('\r', ' '));
    }
    out.println(line);
  }

  /** The menus of the Player's window, which VASSAL's Launcher makes before it loads a module. */
  private static final class HarnessMenus extends MenuManager {
    private final MenuBarProxy bar = new MenuBarProxy();

    @Override
    public JMenuBar getMenuBarFor(JFrame frame) {
      return frame instanceof PlayerWindow ? bar.createPeer() : null;
    }

    @Override
    public MenuBarProxy getMenuBarProxyFor(JFrame frame) {
      return frame instanceof PlayerWindow ? bar : null;
    }
  }

  private interface Step {
    void run() throws Exception;
  }

  /** Runs a step on Swing's event thread, as VASSAL's Player does everything; its failure ends the run. */
  private static void onEventThread(Step step) throws Exception {
    final Exception[] failure = {null};
    SwingUtilities.invokeAndWait(() -> {
      try {
        step.run();
      }
      catch (Exception e) {
        failure[0] = e;
      }
    });
    if (failure[0] != null) {
      throw failure[0];
    }
  }

  /** Every PieceSlot below `b`, with the names of the widgets (tabs, lists, decks, stacks) above it. */
  private static void slots(Buildable b, String path, List<String[]> found, List<PieceSlot> pieces) {
    if (b instanceof PieceSlot) {
      found.add(new String[]{path, ((PieceSlot) b).getConfigureName()});
      pieces.add((PieceSlot) b);
      return;
    }
    if (!(b instanceof AbstractBuildable)) {
      return;
    }
    String here = path;
    if (b instanceof AbstractConfigurable && !(b instanceof GameModule)) {
      final String name = ((AbstractConfigurable) b).getConfigureName();
      here = path.isEmpty() ? (name == null ? "" : name) : path + "/" + (name == null ? "" : name);
    }
    for (final Buildable child : ((AbstractBuildable) b).getBuildables()) {
      slots(child, here, found, pieces);
    }
  }

  private static void open(File module) throws Exception {
    GameModule.init(new GameModule(new DataArchive(module.getPath())));
    final GameModule g = GameModule.getGameModule();
    record("module", g.getGameName(), g.getGameVersion(), g.getAttributeValueString(GameModule.VASSAL_VERSION_CREATED));

    // Every piece definition decoded by VASSAL's command encoders, then encoded again.
    final List<String[]> found = new ArrayList<>();
    final List<PieceSlot> pieces = new ArrayList<>();
    slots(g, "", found, pieces);
    for (int i = 0; i < pieces.size(); ++i) {
      final String definition = pieces.get(i).getPieceDefinition();
      final Command decoded = g.decode(definition);
      if (!(decoded instanceof AddPiece) || ((AddPiece) decoded).getTarget() == null) {
        record("slot", found.get(i)[0], found.get(i)[1], "undecoded", definition);
        continue;
      }
      final GamePiece piece = ((AddPiece) decoded).getTarget();
      piece.setState(((AddPiece) decoded).getState());
      final String again = g.encode(new AddPiece(piece));
      final boolean same = definition.equals(again);
      record("slot", found.get(i)[0], found.get(i)[1], same ? "same" : "differs", same ? "" : again);
      final Marker marker = (Marker) Decorator.getDecorator(piece, Marker.class);
      if (marker != null) {
        for (final String key : marker.getKeys()) {
          record("property", found.get(i)[1], key, String.valueOf(piece.getProperty(key)));
        }
      }
    }
    for (final PredefinedSetup setup : g.getAllDescendantComponentsOf(PredefinedSetup.class)) {
      record("setup", setup.getConfigureName(), setup.getFileName());
    }
  }

  /**
   * The set-up steps a new game would ask in its wizard (the side to play; boards when a map offers a choice)
   * are taken out: this harness plays no side, and a module whose maps have one board each needs no choice.
   */
  private static void withoutWizard() {
    final GameState state = GameModule.getGameModule().getGameState();
    final List<GameSetupStep> unfinished = new ArrayList<>();
    for (final Iterator<GameSetupStep> i = state.getUnfinishedSetupSteps(); i.hasNext();) {
      unfinished.add(i.next());
    }
    for (final GameSetupStep step : unfinished) {
      record("wizard", step.getStepTitle());
      state.removeGameSetupStep(step);
    }
  }

  private static void report() {
    for (final Map map : Map.getMapList()) {
      for (final GamePiece top : map.getAllPieces()) {
        if (top instanceof Stack) {
          final Stack stack = (Stack) top;
          final String deck = top instanceof Deck ? ((Deck) top).getDeckName() : null;
          for (int i = 0; i < stack.getPieceCount(); ++i) {
            piece(map, stack.getPieceAt(i), deck);
          }
        }
        else {
          piece(map, top, null);
        }
      }
    }
    record("done", String.valueOf(placed));
  }

  private static void piece(Map map, GamePiece p, String deck) {
    final Point at = p.getPosition();
    final Board board = map.findBoard(at);
    final Rectangle bounds = board == null ? new Rectangle() : board.bounds();
    final FreeRotator rotator = (FreeRotator) Decorator.getDecorator(p, FreeRotator.class);
    Object id = null;
    for (final String key : new String[]{"sandtable_id", "sandtable_force", "sandtable_card"}) {
      if (id == null) {
        id = p.getProperty(key);
      }
    }
    record("piece", map.getMapName(), deck != null ? deck : board == null ? "" : board.getName(),
      String.valueOf(at.x - bounds.x), String.valueOf(at.y - bounds.y),
      rotator == null ? "-" : String.valueOf(rotator.getAngle()), id == null ? "" : id.toString(), p.getId(), p.getName());
    ++placed;
  }

  public static void main(String[] args) throws Exception {
    out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
    if (args.length < 1) {
      record("error", "usage: SandtableVassalHarness MODULE.vmod [SET-UP NAME]");
      System.exit(1);
    }
    final File module = new File(args[0]);
    final String setupName = args.length > 1 ? args[1] : null;
    int status = 0;
    try {
      // What VASSAL's Player does before it loads a module (Player.main, Launcher's constructor).
      Info.setConfig(new StandardConfig());
      new StartUp().initSystemProperties();
      new HarnessMenus();
      onEventThread(() -> open(module));
      final GameModule g = GameModule.getGameModule();
      onEventThread(SandtableVassalHarness::withoutWizard);
      if (setupName == null) {
        // As File > New Game does (GameState's newGame action): the game ended, then every game component's
        // setup(true), each SetupStack placing its pieces.
        onEventThread(() -> {
          g.setGameFileMode(GameModule.GameFileMode.NEW_GAME);
          g.getGameState().setup(false);
          g.getGameState().setup(true);
          g.getGameState().freshenStartupGlobalKeyCommands(g);
        });
      }
      else {
        PredefinedSetup chosen = null;
        for (final PredefinedSetup setup : g.getAllDescendantComponentsOf(PredefinedSetup.class)) {
          if (setupName.equals(setup.getConfigureName())) {
            chosen = setup;
          }
        }
        if (chosen == null) {
          throw new IllegalArgumentException("the module has no predefined set-up named \"" + setupName + "\"");
        }
        final PredefinedSetup launched = chosen;
        // As the player's pick from the New Game menu: the saved game read in the background, then executed.
        onEventThread(launched::launch);
        final boolean[] loading = {true};
        for (int wait = 0; wait < 600 && loading[0]; ++wait) {
          Thread.sleep(100);
          onEventThread(() -> loading[0] = g.getGameState().isLoadingInBackground());
        }
        if (loading[0]) {
          throw new IllegalStateException("the set-up was still loading after 60 s");
        }
      }
      onEventThread(() -> {
        if (!g.getGameState().isGameStarted()) {
          throw new IllegalStateException("VASSAL did not start the game");
        }
      });
      onEventThread(SandtableVassalHarness::report);
    }
    catch (Exception e) {
      record("error", e.toString());
      e.printStackTrace();
      status = 1;
    }
    out.flush();
    // VASSAL's windows keep Swing's threads alive: end the process.
    Runtime.getRuntime().halt(status);
  }
}

package org.cruncher.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.GeneralCodingRules;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The layer rules of ARCHITECTURE.md, enforced. */
class ArchitectureTest {

    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.cruncher");
    }

    @Test
    void engineUsesNoJavaFxJacksonOrOshi() {
        noClasses().that().resideInAPackage("org.cruncher.engine..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "com.sun.javafx..",
                        "com.fasterxml..", "oshi..", "org.controlsfx..")
                .check(classes);
    }

    @Test
    void emulatorIsPureJavaToo() {
        noClasses().that().resideInAPackage("org.cruncher.emulator..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "com.fasterxml..", "oshi..",
                        "org.cruncher.persist..", "org.cruncher.gui..", "org.cruncher.cli..")
                .check(classes);
    }

    @Test
    void engineReadsNoWallClockAndDrawsNoUnseededRandomness() {
        noClasses().that().resideInAPackage("org.cruncher.engine..")
                .should().callMethod(System.class, "currentTimeMillis")
                .orShould().callMethod(System.class, "nanoTime")
                .orShould().callMethod(java.time.Instant.class, "now")
                .orShould().callMethod(Math.class, "random")
                .orShould().callConstructor(java.util.Random.class)
                .check(classes);
    }

    @Test
    void emulatorDrawsOnlySeededRandomness() {
        noClasses().that().resideInAPackage("org.cruncher.emulator..")
                .should().callMethod(Math.class, "random")
                .orShould().callConstructor(java.util.Random.class)
                .orShould().callMethod(System.class, "currentTimeMillis")
                .check(classes);
    }

    @Test
    void engineAndEmulatorWriteNothingToStandardStreams() {
        noClasses().that().resideInAnyPackage("org.cruncher.engine..", "org.cruncher.emulator..",
                        "org.cruncher.persist..")
                .should(GeneralCodingRules.ACCESS_STANDARD_STREAMS)
                .check(classes);
    }

    @Test
    void engineDependsOnNoOuterLayer() {
        noClasses().that().resideInAPackage("org.cruncher.engine..")
                .should().dependOnClassesThat().resideInAnyPackage("org.cruncher.emulator..",
                        "org.cruncher.persist..", "org.cruncher.gui..", "org.cruncher.cli..", "org.cruncher.host..")
                .check(classes);
    }

    @Test
    void engineKnowsNothingOfHttpOrTheProjectServer() {
        noClasses().that().resideInAPackage("org.cruncher.engine..")
                .should().dependOnClassesThat().resideInAnyPackage("org.cruncher.net..", "org.cruncher.server..")
                .check(classes);
    }

    @Test
    void httpAndTheProjectServerAreHeadless() {
        noClasses().that().resideInAnyPackage("org.cruncher.net..", "org.cruncher.server..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "com.sun.javafx..",
                        "org.controlsfx..", "org.cruncher.gui..", "org.cruncher.emulator..", "org.cruncher.cli..")
                .orShould(GeneralCodingRules.ACCESS_STANDARD_STREAMS)
                .check(classes);
    }

    @Test
    void persistReadsTheServerConfigurationButNeedsNoServer() {
        // The server uses persist for its XML; persist knows only the configuration's value types: no cycle.
        noClasses().that().resideInAPackage("org.cruncher.persist..")
                .should().dependOnClassesThat().resideInAnyPackage("org.cruncher.server", "org.cruncher.net..")
                .check(classes);
    }

    @Test
    void serverConfigurationIsPlainValues() {
        noClasses().that().resideInAPackage("org.cruncher.server.config..")
                .should().dependOnClassesThat().resideInAnyPackage("org.cruncher.server", "org.cruncher.persist..",
                        "org.cruncher.net..", "com.sun.net.httpserver..")
                .check(classes);
    }

    @Test
    void modelDependsOnNothingElseInTheEngine() {
        noClasses().that().resideInAPackage("org.cruncher.engine.model..")
                .should().dependOnClassesThat().resideInAnyPackage("org.cruncher.engine.policy..",
                        "org.cruncher.engine.rpc..", "org.cruncher.engine.api..")
                .check(classes);
    }

    @Test
    void guiNeverReachesIntoPolicies() {
        noClasses().that().resideInAPackage("org.cruncher.gui..")
                .should().dependOnClassesThat().resideInAnyPackage("org.cruncher.engine.policy..",
                        "org.cruncher.engine.rpc..")
                .check(classes);
    }

    @Test
    void guiSeesTheEngineOnlyThroughSnapshotsAndCommands() {
        noClasses().that().resideInAPackage("org.cruncher.gui..")
                .should().dependOnClassesThat().haveFullyQualifiedName("org.cruncher.engine.Engine")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("org.cruncher.engine.model.Project")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("org.cruncher.engine.model.Result")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("org.cruncher.engine.model.ActiveTask")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("org.cruncher.engine.model.ClientState")
                .check(classes);
    }

    @Test
    void launcherDoesNotTouchJavaFx() {
        noClasses().that().haveFullyQualifiedName("org.cruncher.Launcher")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..")
                .check(classes);
    }
}

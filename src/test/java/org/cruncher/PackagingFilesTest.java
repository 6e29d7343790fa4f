package org.cruncher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

import org.cruncher.gui.CruncherApp;

/**
 * The files the packages are made of (installer/, assets/): icons in every size and container, the desktop entry, the
 * AppStream metainfo and the jpackage options agree with each other and with the code. The packages themselves are
 * built and started by installer/smoke-test.sh.
 */
class PackagingFilesTest {

    private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    private static final Path ICONS = Path.of("assets/icon/png");

    @Test
    void iconIsRenderedInEverySizeFrom16To1024WithTransparentCorners() throws IOException {
        for (int size : List.of(16, 24, 32, 48, 64, 128, 256, 512, 1024)) {
            BufferedImage png = ImageIO.read(ICONS.resolve("cruncher-" + size + ".png").toFile());
            assertEquals(size, png.getWidth(), "width of the " + size + " px icon");
            assertEquals(size, png.getHeight(), "height of the " + size + " px icon");
            // The tile has rounded corners: the corner pixel is transparent, the centre opaque.
            assertEquals(0, png.getRGB(0, 0) >>> 24, size + " px corner");
            assertEquals(255, png.getRGB(size / 2, size / 2) >>> 24, size + " px centre");
        }
        assertTrue(Files.readString(Path.of("assets/icon/cruncher.svg")).contains("viewBox=\"0 0 512 512\""));
    }

    @Test
    void windowsIcoHoldsSevenPngSizesUpTo256() throws IOException {
        // ICONDIR: reserved 0, type 1 (icon), count; then 16-byte entries (width, height; 0 means 256) pointing at
        // whole PNGs, each the size its entry says.
        ByteBuffer ico = ByteBuffer.wrap(Files.readAllBytes(Path.of("installer/windows/Cruncher.ico")))
                .order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(0, ico.getShort(0));
        assertEquals(1, ico.getShort(2));
        int count = ico.getShort(4);
        assertEquals(7, count);
        for (int i = 0; i < count; i++) {
            int entry = 6 + 16 * i;
            int width = Byte.toUnsignedInt(ico.get(entry)) == 0 ? 256 : Byte.toUnsignedInt(ico.get(entry));
            int length = ico.getInt(entry + 8);
            int offset = ico.getInt(entry + 12);
            byte[] png = Arrays.copyOfRange(ico.array(), offset, offset + length);
            assertArrayEquals(PNG, Arrays.copyOf(png, 8), "entry " + i + " is a PNG");
            assertEquals(width, ImageIO.read(new ByteArrayInputStream(png)).getWidth(), "entry " + i);
        }
    }

    @Test
    void macIcnsHoldsEachTypeAtItsPixelSize() throws IOException {
        // 'icns', the file's length, then entries: four-letter type, length with its 8-byte header, PNG.
        byte[] bytes = Files.readAllBytes(Path.of("installer/macos/Cruncher.icns"));
        ByteBuffer icns = ByteBuffer.wrap(bytes); // big-endian
        assertEquals("icns", new String(bytes, 0, 4, StandardCharsets.US_ASCII));
        assertEquals(bytes.length, icns.getInt(4));
        Map<String, Integer> expected = new LinkedHashMap<>(Map.of("icp4", 16, "icp5", 32, "icp6", 64, "ic07", 128,
                "ic08", 256, "ic09", 512, "ic10", 1024, "ic11", 32, "ic12", 64, "ic13", 256));
        expected.put("ic14", 512);
        int at = 8;
        while (at < bytes.length) {
            String type = new String(bytes, at, 4, StandardCharsets.US_ASCII);
            int length = icns.getInt(at + 4);
            byte[] png = Arrays.copyOfRange(bytes, at + 8, at + length);
            Integer size = expected.remove(type);
            assertEquals(size, ImageIO.read(new ByteArrayInputStream(png)).getWidth(), type);
            at += length;
        }
        assertEquals(Map.of(), expected, "types missing from the .icns");
    }

    @Test
    void desktopEntryStartsTheCommandWithTheThemedIconAndMatchesTheWindowClass() throws IOException {
        Map<String, String> entry = desktopEntry(Path.of("assets/linux/org.cruncher.Cruncher.desktop"));
        assertEquals("Application", entry.get("Type"));
        assertEquals("Cruncher", entry.get("Name"));
        assertEquals("cruncher", entry.get("Exec"), "the command postinst links to /opt/cruncher/bin/Cruncher");
        assertEquals("org.cruncher.Cruncher", entry.get("Icon"), "the name postinst installs into hicolor");
        // JavaFX on GTK names the window class after the Application class; docks match it to this entry.
        assertEquals(CruncherApp.class.getName(), entry.get("StartupWMClass"));
        assertEquals("false", entry.get("Terminal"));
        assertTrue(entry.get("Categories").startsWith("Science;"), entry.get("Categories"));
    }

    @Test
    void metainfoNamesTheDesktopEntryAndThisVersion() throws Exception {
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(Path.of("assets/linux/org.cruncher.Cruncher.metainfo.xml").toFile());
        assertEquals("desktop-application", doc.getDocumentElement().getAttribute("type"));
        assertEquals("org.cruncher.Cruncher", text(doc, "id"));
        assertEquals("org.cruncher.Cruncher.desktop", text(doc, "launchable"));
        assertEquals("cruncher", text(doc, "binary"));
        String version = projectVersion().replace("-SNAPSHOT", "");
        assertEquals(version, doc.getElementsByTagName("release").item(0).getAttributes()
                .getNamedItem("version").getNodeValue(), "the newest release is this version");
    }

    @Test
    void jpackageOptionsStartTheLauncherWithJavaFxLinkedIn() throws IOException {
        String common = Files.readString(Path.of("installer/jpackage/common.txt"));
        assertTrue(common.contains("--main-class " + Launcher.class.getName() + "\n"), common);
        assertTrue(common.contains("--main-jar cruncher.jar\n"), "the jar the pom builds (finalName cruncher)");
        Matcher modules = Pattern.compile("--add-modules (\\S+)").matcher(common);
        assertTrue(modules.find());
        List<String> list = List.of(modules.group(1).split(","));
        assertTrue(list.containsAll(List.of("javafx.controls", "javafx.fxml", "java.sql", "java.net.http",
                "jdk.httpserver")), list.toString());
        String deb = Files.readString(Path.of("installer/linux/deb.txt"));
        assertTrue(deb.contains("--linux-package-deps libgtk-3-0") && deb.contains("--linux-shortcut"), deb);
        assertTrue(Files.readString(Path.of("installer/windows/msi.txt")).contains("--win-menu"));
        assertTrue(Files.readString(Path.of("installer/macos/dmg.txt")).contains("--mac-package-identifier"));
    }

    @Test
    void postinstInstallsEveryIconSizeBuildShipsAndPrermRemovesIt() throws IOException {
        String build = Files.readString(Path.of("installer/build.sh"));
        String postinst = Files.readString(Path.of("installer/linux/postinst"));
        String prerm = Files.readString(Path.of("installer/linux/prerm"));
        String sizes = "for size in 16 24 32 48 64 128 256 512; do";
        assertTrue(build.contains(sizes) && postinst.contains(sizes), "build.sh ships the sizes postinst installs");
        for (String installed : List.of("/usr/share/applications/org.cruncher.Cruncher.desktop",
                "/usr/share/metainfo/org.cruncher.Cruncher.metainfo.xml",
                "/usr/share/icons/hicolor/scalable/apps/org.cruncher.Cruncher.svg", "/usr/bin/cruncher")) {
            assertTrue(postinst.contains(installed), "postinst installs " + installed);
            assertTrue(prerm.contains(installed), "prerm removes " + installed);
        }
        assertTrue(prerm.contains("/usr/share/icons/hicolor/*/apps/org.cruncher.Cruncher.png"));
    }

    private static Map<String, String> desktopEntry(Path file) throws IOException {
        Map<String, String> entry = new LinkedHashMap<>();
        List<String> lines = Files.readAllLines(file);
        assertEquals("[Desktop Entry]", lines.get(0));
        for (String line : lines.subList(1, lines.size())) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                entry.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return entry;
    }

    private static String text(Document doc, String tag) {
        return doc.getElementsByTagName(tag).item(0).getTextContent().strip();
    }

    private static String projectVersion() throws IOException {
        Matcher m = Pattern.compile("<artifactId>cruncher</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(Files.readString(Path.of("pom.xml")));
        assertTrue(m.find(), "the project version in pom.xml");
        return m.group(1);
    }
}

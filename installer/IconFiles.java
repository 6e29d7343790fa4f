import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Packs the rendered PNGs of assets/icon/png into the two container formats jpackage wants beside Linux's PNG:
 * Windows' .ico (PNG entries, 16 to 256 px) and macOS' .icns (PNG entries, 16 to 1024 px, with the @2x types).
 * Run by installer/icons.sh: {@code java installer/IconFiles.java PNG_DIR ICO_FILE ICNS_FILE}.
 */
public final class IconFiles {

    private IconFiles() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            System.err.println("usage: java IconFiles.java PNG_DIR ICO_FILE ICNS_FILE");
            System.exit(2);
        }
        Path pngs = Path.of(args[0]);
        Files.write(Path.of(args[1]), ico(pngs, List.of(16, 24, 32, 48, 64, 128, 256)));
        Map<String, Integer> icns = new LinkedHashMap<>();
        icns.put("icp4", 16);
        icns.put("icp5", 32);
        icns.put("icp6", 64);
        icns.put("ic07", 128);
        icns.put("ic08", 256);
        icns.put("ic09", 512);
        icns.put("ic10", 1024); // 512@2x
        icns.put("ic11", 32);   // 16@2x
        icns.put("ic12", 64);   // 32@2x
        icns.put("ic13", 256);  // 128@2x
        icns.put("ic14", 512);  // 256@2x
        Files.write(Path.of(args[2]), icns(pngs, icns));
    }

    /** ICONDIR (reserved 0, type 1, count), one 16-byte ICONDIRENTRY per image, then the PNGs; little-endian. */
    static byte[] ico(Path pngs, List<Integer> sizes) throws IOException {
        int offset = 6 + 16 * sizes.size();
        ByteBuffer head = ByteBuffer.allocate(offset).order(ByteOrder.LITTLE_ENDIAN);
        head.putShort((short) 0).putShort((short) 1).putShort((short) sizes.size());
        ByteArrayOutputStream images = new ByteArrayOutputStream();
        for (int size : sizes) {
            byte[] png = Files.readAllBytes(png(pngs, size));
            head.put((byte) (size >= 256 ? 0 : size)).put((byte) (size >= 256 ? 0 : size)); // 0 means 256
            head.put((byte) 0).put((byte) 0).putShort((short) 1).putShort((short) 32);
            head.putInt(png.length).putInt(offset + images.size());
            images.write(png);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(head.array());
        images.writeTo(out);
        return out.toByteArray();
    }

    /** 'icns', total length, then per image its four-letter type, its length with this 8-byte header, the PNG; big-endian. */
    static byte[] icns(Path pngs, Map<String, Integer> types) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        DataOutputStream data = new DataOutputStream(body);
        for (Map.Entry<String, Integer> type : types.entrySet()) {
            byte[] png = Files.readAllBytes(png(pngs, type.getValue()));
            data.writeBytes(type.getKey());
            data.writeInt(png.length + 8);
            data.write(png);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DataOutputStream file = new DataOutputStream(out);
        file.writeBytes("icns");
        file.writeInt(body.size() + 8);
        body.writeTo(out);
        return out.toByteArray();
    }

    private static Path png(Path dir, int size) {
        return dir.resolve("cruncher-" + size + ".png");
    }
}

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

import javax.imageio.ImageIO;

/**
 * Checks a window screenshot written by {@code Cruncher --screenshot}: a PNG at least the window's minimum size
 * (900 x 600) that shows a drawn window, not a blank or single-colour surface (at least 64 colours, none covering
 * more than 90 % of it). Run by installer/smoke-test.sh: {@code java installer/CheckScreenshot.java FILE}.
 */
public final class CheckScreenshot {

    private CheckScreenshot() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: java CheckScreenshot.java FILE.png");
            System.exit(2);
        }
        BufferedImage image = ImageIO.read(new File(args[0]));
        if (image == null) {
            fail(args[0] + " is not an image ImageIO can read");
        }
        int w = image.getWidth();
        int h = image.getHeight();
        if (w < 900 || h < 600) {
            fail(args[0] + " is " + w + " x " + h + ", smaller than the window's minimum 900 x 600");
        }
        Map<Integer, Integer> colours = new HashMap<>();
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                colours.merge(image.getRGB(x, y), 1, Integer::sum);
            }
        }
        int commonest = colours.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        double flat = (double) commonest / ((double) w * h);
        if (colours.size() < 64 || flat > 0.9) {
            fail(args[0] + " looks blank: " + colours.size() + " colours, the commonest on "
                    + Math.round(100 * flat) + " % of it");
        }
        System.out.printf("%s: %d x %d, %d colours, the commonest on %d %% of it%n", args[0], w, h, colours.size(),
                Math.round(100 * flat));
    }

    private static void fail(String message) {
        System.err.println("CheckScreenshot: " + message);
        System.exit(1);
    }
}

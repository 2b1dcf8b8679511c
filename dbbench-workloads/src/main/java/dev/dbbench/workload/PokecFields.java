package dev.dbbench.workload;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

/**
 * The optional profile fields of {@link SocialGraph}: 17 of Pokec's columns under their Pokec
 * names, each present with its own probability, valued from small Slovak vocabularies (with
 * diacritics, as in Pokec, so loads exercise UTF-8).
 */
final class PokecFields {

    private record Field(String name, double presence, LongFunction<Object> value) {
    }

    private static final List<String> REGIONS = List.of(
            "bratislavský kraj, bratislava - petržalka", "bratislavský kraj, bratislava - ružinov",
            "žilinský kraj, žilina", "žilinský kraj, martin", "trnavský kraj, trnava", "trnavský kraj, piešťany",
            "trenčiansky kraj, trenčín", "nitriansky kraj, nitra", "nitriansky kraj, komárno",
            "banskobystrický kraj, banská bystrica", "banskobystrický kraj, zvolen", "prešovský kraj, prešov",
            "prešovský kraj, poprad", "košický kraj, košice - západ", "košický kraj, michalovce",
            "zahraničie, zahraničie - česká republika");
    private static final List<String> FIELDS_OF_WORK = List.of(
            "studujem", "it, programovanie", "obchod a predaj", "zdravotníctvo", "stavebníctvo", "školstvo",
            "doprava", "administratíva", "gastronómia", "nezamestnaný", "výroba", "financie");
    private static final List<String> LANGUAGES = List.of(
            "slovenský", "anglický", "nemecký", "český", "ruský", "maďarský", "francúzsky", "španielsky");
    private static final List<String> HOBBIES = List.of(
            "počítače a internet", "šport", "hudba", "filmy", "cestovanie", "čítanie", "varenie", "príroda",
            "tanec", "fotografovanie", "autá", "spánok", "priatelia", "diskotéky");
    private static final List<String> EYE_COLORS = List.of("hnedé", "modré", "zelené", "sivé", "čierne", "modrozelené");
    private static final List<String> SMOKING = List.of("nefajčím", "príležitostne", "fajčím", "prestávam");
    private static final List<String> ALCOHOL = List.of("abstinent", "príležitostne", "pijem pravidelne", "len na oslavách");
    private static final List<String> FOOD = List.of(
            "pizza", "slovenská kuchyňa", "bryndzové halušky", "talianska kuchyňa", "čínska kuchyňa", "sladkosti",
            "grilované mäso", "zelenina a ovocie", "morské plody", "domáca strava");
    private static final List<String> SPORTS = List.of(
            "futbal", "hokej", "plávanie", "bicyklovanie", "turistika", "lyžovanie", "posilňovanie", "tenis",
            "volejbal", "beh", "aerobik");
    private static final List<String> ZODIAC = List.of(
            "baran", "býk", "blíženci", "rak", "lev", "panna", "váhy", "škorpión", "strelec", "kozorožec", "vodnár",
            "ryby");
    private static final List<String> MUSIC = List.of(
            "pop", "rock", "disco", "hip hop", "techno", "ľudovky", "metal", "jazz", "r&b", "house", "punk",
            "klasická hudba");

    // Pokec's snapshot was taken in May 2012; registrations go back to the network's start in 1999.
    private static final long FIRST_REGISTRATION = LocalDateTime.of(1999, 10, 1, 0, 0).toEpochSecond(ZoneOffset.UTC);
    private static final long FIRST_LOGIN = LocalDateTime.of(2012, 1, 1, 0, 0).toEpochSecond(ZoneOffset.UTC);
    private static final long SNAPSHOT = LocalDateTime.of(2012, 5, 25, 0, 0).toEpochSecond(ZoneOffset.UTC);

    private static final List<Field> FIELDS = List.of(
            new Field("public", 1.0, draw -> draw % 10 < 7 ? 1 : 0),
            new Field("completion_percentage", 1.0, draw -> (int) (draw % 101)),
            new Field("gender", 0.97, draw -> (int) (draw & 1)),
            new Field("region", 0.98, draw -> pick(REGIONS, draw)),
            new Field("last_login", 1.0, draw -> time(FIRST_LOGIN, SNAPSHOT, draw)),
            new Field("registration", 1.0, draw -> time(FIRST_REGISTRATION, FIRST_LOGIN, draw)),
            new Field("body", 0.35, draw -> (150 + draw % 50) + " cm, " + (45 + (draw >>> 8) % 65) + " kg"),
            new Field("I_am_working_in_field", 0.25, draw -> pick(FIELDS_OF_WORK, draw)),
            new Field("spoken_languages", 0.45, draw -> pickSeveral(LANGUAGES, draw, 3)),
            new Field("hobbies", 0.45, draw -> pickSeveral(HOBBIES, draw, 5)),
            new Field("I_most_enjoy_good_food", 0.3, draw -> pickSeveral(FOOD, draw, 3)),
            new Field("eye_color", 0.3, draw -> pick(EYE_COLORS, draw)),
            new Field("relation_to_smoking", 0.3, draw -> pick(SMOKING, draw)),
            new Field("relation_to_alcohol", 0.3, draw -> pick(ALCOHOL, draw)),
            new Field("sign_in_zodiac", 0.35, draw -> pick(ZODIAC, draw)),
            new Field("I_like_music", 0.35, draw -> pickSeveral(MUSIC, draw, 5)),
            new Field("my_active_sports", 0.3, draw -> pickSeveral(SPORTS, draw, 3)));

    /** The number of optional fields. */
    static final int COUNT = FIELDS.size();

    private PokecFields() {
    }

    /** The fields profile {@code id} has, in a fixed order; each field draws from its own stream. */
    static Map<String, Object> draw(final long seed, final long firstStream, final long id) {
        final Map<String, Object> fields = new LinkedHashMap<>();
        for (int i = 0; i < FIELDS.size(); i++) {
            final Field field = FIELDS.get(i);
            final long draw = Mix.hash(seed, firstStream + i, id);
            if ((draw >>> 11) * 0x1.0p-53 < field.presence()) {
                // The presence test used the high bits; the value gets a fresh draw, non-negative.
                fields.put(field.name(), field.value().apply(Mix.mix(draw) >>> 1));
            }
        }
        return fields;
    }

    /** The names of the fields and how likely each is present, in document order. */
    static Map<String, Double> presence() {
        final Map<String, Double> presence = new LinkedHashMap<>();
        FIELDS.forEach(field -> presence.put(field.name(), field.presence()));
        return presence;
    }

    private static String pick(final List<String> words, final long draw) {
        return words.get((int) (draw % words.size()));
    }

    /** One to {@code most} consecutive words of the list, from a drawn start, joined as Pokec lists them. */
    private static String pickSeveral(final List<String> words, final long draw, final int most) {
        final int count = 1 + (int) ((draw >>> 8) % most);
        final int start = (int) (draw % words.size());
        final StringBuilder joined = new StringBuilder();
        for (int i = 0; i < count; i++) {
            joined.append(i == 0 ? "" : ", ").append(words.get((start + i) % words.size()));
        }
        return joined.toString();
    }

    /** A time between the two bounds in Pokec's format, {@code 2012-05-25 11:20:00.0}. */
    private static String time(final long fromEpochSecond, final long toEpochSecond, final long draw) {
        final LocalDateTime time = LocalDateTime.ofEpochSecond(
                fromEpochSecond + draw % (toEpochSecond - fromEpochSecond), 0, ZoneOffset.UTC);
        // By hand: a DateTimeFormatter costs more than the rest of the profile together.
        final StringBuilder text = new StringBuilder(21).append(time.getYear()).append('-');
        twoDigits(text, time.getMonthValue()).append('-');
        twoDigits(text, time.getDayOfMonth()).append(' ');
        twoDigits(text, time.getHour()).append(':');
        twoDigits(text, time.getMinute()).append(':');
        return twoDigits(text, time.getSecond()).append(".0").toString();
    }

    private static StringBuilder twoDigits(final StringBuilder text, final int value) {
        return text.append((char) ('0' + value / 10)).append((char) ('0' + value % 10));
    }
}

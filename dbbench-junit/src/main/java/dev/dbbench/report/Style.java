package dev.dbbench.report;

/**
 * The HTML report's style sheet, inline: the page loads nothing. Sections off screen are not laid
 * out until scrolled to ({@code content-visibility: auto}), which keeps a report of hundreds of
 * benchmarks quick to open.
 */
final class Style {

    static final String CSS = """
            body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2125;margin:0;\
            background:#f6f7f9}
            main{max-width:1180px;margin:0 auto;padding:16px 24px 48px}
            h1{font-size:22px;margin:8px 0 4px}h2{font-size:18px;margin:22px 0 6px}h3{font-size:16px;margin:0 0 4px}\
            h4{font-size:14px;margin:12px 0 4px}
            a{color:#0b57d0;text-decoration:none}a:hover{text-decoration:underline}
            .meta{color:#5f6368;margin:2px 0}.why{margin:4px 0}.note{color:#5f6368}
            .counts a{display:inline-block;font-size:16px;font-weight:600;margin-right:18px}
            .counts a.fail,.badge.fail,li.fails b{color:#b00020}.counts a.warn,.badge.warn{color:#9a5b00}\
            .counts a.pass,.badge.pass{color:#1b6e3a}.badge.new{color:#455a64}.counts a.info,.badge.info{color:#1a5fb4}
            table{border-collapse:collapse;margin:6px 0;background:#fff}
            th,td{border:1px solid #dde1e6;padding:3px 7px;text-align:left;vertical-align:top}
            th{background:#eef1f4;font-weight:600}td.num{text-align:right;white-space:nowrap}
            table.overview{display:block;overflow-x:auto;max-width:100%}table.overview td{white-space:nowrap}\
            table.overview td.why{white-space:normal;min-width:18em;max-width:34em;font-size:13px}\
            table.overview td.verdict{font-weight:600;white-space:normal;min-width:8em;max-width:14em}td.verdict.fail{color:#b00020;background:#fbe4e1}\
            td.verdict.warn{color:#9a5b00;background:#fdf3dc}
            tr.fail td:first-child{border-left:3px solid #b00020}tr.warn td:first-child{border-left:3px solid #9a5b00}
            section.bench{background:#fff;border:1px solid #dde1e6;border-left:5px solid #1b6e3a;border-radius:4px;\
            padding:12px 16px;margin:18px 0}
            section.bench{content-visibility:auto;contain-intrinsic-size:auto 900px}
            section.bench.fail{border-left-color:#b00020}section.bench.warn{border-left-color:#9a5b00}\
            section.bench.new{border-left-color:#90a4ae}section.bench.info{border-left-color:#1a5fb4}
            .target{color:#5f6368;font-weight:400}
            .badge{font-size:12px;font-weight:600;padding:1px 6px;border-radius:3px;background:#e6f4ea}
            .badge.fail{background:#fce8e6}.badge.warn{background:#fef7e0}.badge.new{background:#eceff1}\
            .badge.info{background:#e8f0fe}p.cause{font-weight:600;margin:6px 0}p.cause.fail{color:#b00020}\
            p.cause.warn{color:#9a5b00}
            .charts{display:flex;flex-wrap:wrap;gap:4px 18px}figure{margin:6px 0}
            figcaption{color:#5f6368;font-size:12px}
            svg.chart{max-width:100%;height:auto;font-size:11px}svg text{fill:#3c4043}svg g.ticks text{text-anchor:middle}\
            svg text.end{text-anchor:end}
            path.dots{fill:none;stroke-width:6;stroke-linecap:round;stroke-opacity:.65}path.dots.base{stroke:#80868b}\
            path.dots.pass,path.dots.new,path.dots.info{stroke:#1a73e8}path.dots.fail{stroke:#b00020}path.dots.warn{stroke:#e37400}\
            circle.pass,circle.run{fill:#1a73e8}circle.fail{fill:#b00020}circle.warn{fill:#e37400}circle.now{fill:#1d2125}
            line.median{stroke:#1d2125;stroke-width:2}path.axis{fill:none;stroke:#9aa0a6}\
            line.baseline{stroke:#80868b;stroke-dasharray:4 3}polyline.trend{fill:none;stroke:#1a73e8;stroke-width:1.5}\
            line.interval{stroke-width:6;stroke-opacity:.35}line.interval.pass{stroke:#1b6e3a}\
            line.interval.fail{stroke:#b00020}line.interval.warn{stroke:#e37400}\
            line.factor{stroke:#b00020;stroke-dasharray:3 2;stroke-width:2}
            table.metrics{width:100%}tr.changed td{background:#fff8e1}.mark{font-size:11px;font-weight:600;\
            color:#9a5b00;border:1px solid #f2c94c;border-radius:3px;padding:0 4px}
            .gating,.reason{color:#5f6368;font-size:12px}
            dl.cells{display:grid;grid-template-columns:max-content 1fr;gap:0 10px;margin:0}dl.cells dd{margin:0}
            .findings li{margin:4px 0}.findings li.fails b{color:#b00020}
            table.detail{font-size:13px}table.detail td:first-child{font-family:monospace}\
            table.detail td.up{background:#fdeded}table.detail td.down{background:#eaf5ec}
            pre{background:#f1f3f4;padding:6px 8px;overflow-x:auto;margin:4px 0;font-size:12px}
            code{background:#f1f3f4;padding:0 3px;word-break:break-all}
            .accept{margin:10px 0 0}
            """;

    private Style() {
    }
}

package dev.dbbench.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

class BenchmarkPatternTest {

    @Test
    void parsesClassesAndMethodsAsSurefiresTestFilterNamesThem() {
        final List<BenchmarkPattern> patterns = BenchmarkPattern.parseAll(
                " OrderBench#findByCustomer, com.example.StockBench ,", "dbbench.compare.benchmarks");

        assertThat(patterns).containsExactly(new BenchmarkPattern("OrderBench", "findByCustomer"),
                new BenchmarkPattern("com.example.StockBench", ""));
        assertThat(BenchmarkPattern.testFilter(patterns)).isEqualTo("OrderBench#findByCustomer,com.example.StockBench");
    }

    @Test
    void aNameThatIsNotClassHashMethodIsAnErrorThatSaysSo() {
        assertThatThrownBy(() -> BenchmarkPattern.parseAll("OrderBench#find by", "dbbench.accept.benchmarks"))
                .hasMessageContaining("dbbench.accept.benchmarks holds \"OrderBench#find by\"")
                .hasMessageContaining("Class#method");
        assertThatThrownBy(() -> BenchmarkPattern.parseAll(" , ", "dbbench.accept.benchmarks"))
                .hasMessageContaining("names no benchmark");
    }
}
